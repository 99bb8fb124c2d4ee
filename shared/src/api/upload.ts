import { i18n } from '@lingui/core';
import { DEFAULT_LOCALE, isLocale } from '../i18n/locale';
import { STORAGE_KEYS, browserStorage } from '../session/storage-keys';
import { ApiError, type FieldErrors } from './api-error';
import { apiBaseUrl } from './client';

export interface UploadOptions {
  /** Path under /api/v1, e.g. "projects" or "projects/<id>/documents". */
  path: string;
  body: FormData;
  method?: 'POST' | 'PUT';
  /** Called with 0…1 as the bytes leave the browser. */
  onProgress?: (fraction: number) => void;
  tokenKey?: string;
  signal?: AbortSignal;
}

function fieldErrorsOf(value: unknown): FieldErrors {
  if (!value || typeof value !== 'object') return {};
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) out[field] = messages.filter((m): m is string => typeof m === 'string');
  }
  return out;
}

/**
 * Sends multipart/form-data with XMLHttpRequest, because fetch (and so ky)
 * cannot report upload progress. Resolves with the JSON answer; rejects with
 * the same ApiError the ky client gives.
 */
export function uploadForm<T>({ path, body, method = 'POST', onProgress, tokenKey = STORAGE_KEYS.clientToken, signal }: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${apiBaseUrl()}/${path.replace(/^\/+/, '')}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE);
    const token = browserStorage().getItem(tokenKey);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      let parsed: unknown;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        parsed = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(parsed as T);
        return;
      }
      const answer = (parsed ?? {}) as { message?: unknown; errors?: unknown };
      const message = typeof answer.message === 'string' ? answer.message : xhr.statusText || 'Request failed';
      reject(new ApiError('http', xhr.status, message, fieldErrorsOf(answer.errors)));
    });
    xhr.addEventListener('error', () => reject(new ApiError('network', 0, 'Network error')));
    xhr.addEventListener('abort', () => reject(new ApiError('network', 0, 'Upload cancelled')));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(body);
  });
}
