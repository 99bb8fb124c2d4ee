/** What went wrong with a call: the server answered with an error, or it could not be reached in time. */
export type ApiErrorKind = 'http' | 'network' | 'timeout';

/** Field name → messages, as the API's 422 answers carry them (architecture §4). */
export type FieldErrors = Record<string, string[]>;

/** The one error type every API call rejects with. */
/**
 * A mark every copy of this module shares (the global symbol registry): a remote's own copy of a
 * `shared` module, loaded when the page's shell does not provide it, bundles its own copy of this
 * class, and `instanceof` alone would not know the errors the provided API client throws.
 */
const API_ERROR_MARK = Symbol.for('fundament.api-error');

export class ApiError extends Error {
  readonly [API_ERROR_MARK] = true as const;
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
  return value instanceof ApiError || (value instanceof Error && (value as Error & { [API_ERROR_MARK]?: true })[API_ERROR_MARK] === true);
}
