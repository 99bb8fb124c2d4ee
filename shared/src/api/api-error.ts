/** What went wrong with a call: the server answered with an error, or it could not be reached in time. */
export type ApiErrorKind = 'http' | 'network' | 'timeout';

/** Field name → messages, as the API's 422 answers carry them (architecture §4). */
export type FieldErrors = Record<string, string[]>;

/** The one error type every API call rejects with. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 when there was no answer. */
  readonly status: number;
  readonly errors: FieldErrors;
  /** A machine-readable reason some answers add (`email_unverified` on a refused sign-in). */
  readonly code: string | undefined;

  constructor(kind: ApiErrorKind, status: number, message: string, errors: FieldErrors = {}, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.errors = errors;
    this.code = code;
  }

  /** The first message for a field, if the server sent one. */
  fieldError(field: string): string | undefined {
    return this.errors[field]?.[0];
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
