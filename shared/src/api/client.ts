import { i18n } from '@lingui/core';
import ky, { HTTPError, TimeoutError, type KyInstance, type ResponsePromise } from 'ky';
import { STORAGE_KEYS, browserStorage, type KeyValueStorage } from '../session/storage-keys';
import { ApiError, type FieldErrors } from './api-error';
import { DEFAULT_LOCALE, isLocale } from '../i18n/locale';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Origin of the API; the same origin as the page unless a deployment says otherwise. */
export function apiBaseUrl(origin: string = globalThis.location?.origin ?? 'http://localhost'): string {
  return `${origin.replace(/\/+$/, '')}/api/v1`;
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return null;
}

export interface ApiClientOptions {
  /** Which stored token to send: the client's or the admin's. */
  tokenKey: string;
  baseUrl?: string;
  storage?: KeyValueStorage;
  fetch?: typeof fetch;
}

/**
 * A ky instance with the spec's defaults (§7): JSON Accept and Content-Type,
 * `Authorization: Bearer <token>`, the XSRF cookie echoed as a header, and
 * no default timeout.
 */
export function createApiClient(options: ApiClientOptions): KyInstance {
  const storage = options.storage ?? browserStorage();
  return ky.create({
    prefixUrl: options.baseUrl ?? apiBaseUrl(),
    timeout: false,
    retry: 0,
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    ...(options.fetch ? { fetch: options.fetch } : {}),
    hooks: {
      beforeRequest: [
        (request) => {
          // Multipart bodies already carry their own content type with the boundary.
          if (!request.headers.has('Content-Type')) request.headers.set('Content-Type', 'application/json');
          const token = storage.getItem(options.tokenKey);
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
          const xsrf = readCookie(XSRF_COOKIE);
          if (xsrf) request.headers.set(XSRF_HEADER, xsrf);
          // The API answers messages (validation, errors, e-mails) in the page's language.
          request.headers.set('Accept-Language', isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE);
        },
      ],
    },
  });
}

interface ErrorBody {
  message?: unknown;
  errors?: unknown;
  code?: unknown;
}

function asFieldErrors(value: unknown): FieldErrors {
  if (!value || typeof value !== 'object') return {};
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) out[field] = messages.filter((m): m is string => typeof m === 'string');
    else if (typeof messages === 'string') out[field] = [messages];
  }
  return out;
}

/** Turns whatever a call threw into an ApiError. */
export async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) {
    let body: ErrorBody = {};
    try {
      body = (await error.response.clone().json()) as ErrorBody;
    } catch {
      // Not JSON (a proxy's error page, an empty body): keep the status only.
    }
    const message = typeof body.message === 'string' ? body.message : error.response.statusText || 'Request failed';
    const code = typeof body.code === 'string' ? body.code : undefined;
    return new ApiError('http', error.response.status, message, asFieldErrors(body.errors), code);
  }
  if (error instanceof TimeoutError) return new ApiError('timeout', 0, 'The request timed out');
  const message = error instanceof Error ? error.message : 'Network error';
  return new ApiError('network', 0, message);
}

/** Awaits a ky call and returns its JSON body (undefined for 204), rejecting with ApiError. */
export async function send<T>(call: ResponsePromise): Promise<T> {
  try {
    const response = await call;
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  } catch (error) {
    throw await toApiError(error);
  }
}

/** Client-area calls, signed with `access_token`. */
export const api = createApiClient({ tokenKey: STORAGE_KEYS.clientToken });

/** Admin-area calls, signed with `admin_access_token`. */
export const adminApi = createApiClient({ tokenKey: STORAGE_KEYS.adminToken });
