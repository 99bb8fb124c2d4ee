import { i18n } from '@lingui/core';
import { apiBaseUrl, ApiError } from 'shared/api';
import { STORAGE_KEYS } from 'shared/session';
import type { UserDetail } from 'shared/contract';

/**
 * Sends one evidence file with progress. fetch cannot report upload progress
 * over HTTP/1.1, so this one call uses XMLHttpRequest, signed like adminApi.
 */
export const evidenceUpload = {
  send(path: string, file: File, onProgress: (percent: number) => void): Promise<UserDetail> {
    return new Promise((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open('POST', `${apiBaseUrl()}/${path}`);
      const token = window.localStorage.getItem(STORAGE_KEYS.adminToken);
      if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
      request.setRequestHeader('Accept', 'application/json');
      request.setRequestHeader('Accept-Language', i18n.locale === 'fr' ? 'fr' : 'en');
      request.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
      };
      request.onload = () => {
        let body: { message?: string; errors?: Record<string, string[]> } = {};
        try {
          body = JSON.parse(request.responseText) as typeof body;
        } catch {
          // Not JSON: keep the status only.
        }
        if (request.status >= 200 && request.status < 300) resolve(body as UserDetail);
        else reject(new ApiError('http', request.status, body.message ?? request.statusText, body.errors ?? {}));
      };
      request.onerror = () => reject(new ApiError('network', 0, 'Network error'));
      const form = new FormData();
      form.append('file', file, file.name);
      request.send(form);
    });
  },
};
