import { apiBaseUrl } from 'shared/api';
import type { PhotoUploaded } from 'shared/contract';
import { currentLocale } from 'shared/i18n';
import { STORAGE_KEYS, browserStorage } from 'shared/session';

/** The spec's formats, kept as they are within 800×400 px (the server checks the same). */
export const PHOTO_TYPES = ['image/svg+xml', 'image/png', 'image/gif'] as const;
export const PHOTO_MAX_WIDTH = 800;
export const PHOTO_MAX_HEIGHT = 400;
/** A camera's photos, which the server crops square; some browsers give a HEIC (an iPhone's photo) no type, only its name. */
const CAMERA_TYPES = ['image/jpeg', 'image/webp', 'image/heic', 'image/heif'];
const CAMERA_NAMES = /\.(jpe?g|webp|heic|heif)$/i;
export const CAMERA_PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** What the file dialog offers. */
export const PHOTO_ACCEPT = ['.svg', '.png', '.gif', '.jpg', '.jpeg', '.webp', '.heic', '.heif', ...PHOTO_TYPES, ...CAMERA_TYPES].join(',');

/** Whether a chosen file is one of the spec's formats, a camera's photo, or neither. */
export function photoKind(file: File): 'original' | 'camera' | undefined {
  if ((PHOTO_TYPES as readonly string[]).includes(file.type)) return 'original';
  if (CAMERA_TYPES.includes(file.type) || ((file.type === '' || file.type === 'application/octet-stream') && CAMERA_NAMES.test(file.name)))
    return 'camera';
  return undefined;
}

export interface UploadFailure {
  status: number;
  message: string;
  errors: Record<string, string[]>;
}

/**
 * Sends the photo with XMLHttpRequest: its upload events report real progress,
 * which fetch (and so ky) cannot do over HTTP/1.1 in browsers today.
 */
export function uploadPhoto(
  file: File,
  onProgress: (fraction: number) => void,
  xhrFactory: () => XMLHttpRequest = () => new XMLHttpRequest(),
): Promise<PhotoUploaded> {
  return new Promise((resolve, reject) => {
    const xhr = xhrFactory();
    xhr.open('POST', `${apiBaseUrl()}/auth/me/photo`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLocale());
    const token = browserStorage().getItem(STORAGE_KEYS.clientToken);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      let body: { photo_url?: string; message?: string; errors?: Record<string, string[]> } = {};
      try {
        body = JSON.parse(xhr.responseText || '{}');
      } catch {
        // A proxy's HTML error page: keep the status only.
      }
      if (xhr.status >= 200 && xhr.status < 300 && typeof body.photo_url === 'string') {
        onProgress(1);
        resolve({ photo_url: body.photo_url });
      } else {
        reject({ status: xhr.status, message: body.message ?? '', errors: body.errors ?? {} } satisfies UploadFailure);
      }
    });
    xhr.addEventListener('error', () => reject({ status: 0, message: '', errors: {} } satisfies UploadFailure));
    const data = new FormData();
    data.append('photo', file);
    xhr.send(data);
  });
}

/** The picture's size in pixels, read by the browser from the file itself. */
export function readImageSize(url: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => reject(new Error('unreadable image'));
    image.src = url;
  });
}
