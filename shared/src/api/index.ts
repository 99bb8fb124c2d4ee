export { ApiError, isApiError } from './api-error';
export type { ApiErrorKind, FieldErrors } from './api-error';
export { api, adminApi, apiBaseUrl, createApiClient, send, toApiError, XSRF_COOKIE, XSRF_HEADER } from './client';
export type { ApiClientOptions } from './client';
export { fetchHealth } from './endpoints/health';
export type { Health } from './endpoints/health';
export { IDEMPOTENCY_HEADER, newIdempotencyKey } from './idempotency-key';
export { uploadForm } from './upload';
export type { UploadOptions } from './upload';
