/*
 * Which query values stay out of the logs, by rule rather than by a list of
 * today's parameters, so a link added later cannot leak its secret:
 *  - any parameter whose name speaks of a secret (`confirm_email`, `undoToken`,
 *    `client_secret`, `code`, `state`, …), whatever else its name says;
 *  - any value shaped like a generated secret (20 characters or more of the
 *    base64url alphabet, mixing letters and digits or cases), whatever its
 *    parameter is called. UUIDs (record ids) and plain words stay readable.
 */
const SECRET_NAME = /token|code|state|secret|key|pass|pwd|otp|sig|session|confirm|auth|nonce|verifier|credential|ticket|hash|undo|link|reset/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SECRET_SHAPE = /^[A-Za-z0-9_~.%-]{20,}$/;

function looksGenerated(value: string): boolean {
  if (!SECRET_SHAPE.test(value) || UUID.test(value)) return false;
  const hasDigit = /\d/.test(value);
  const hasLetter = /[A-Za-z]/.test(value);
  return (hasDigit && hasLetter) || (/[a-z]/.test(value) && /[A-Z]/.test(value));
}

/** The URL with the values of secret query parameters replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const hashStart = url.indexOf('#', queryStart);
  const query = url.slice(queryStart + 1, hashStart < 0 ? undefined : hashStart);
  const redacted = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      const name = pair.slice(0, equals);
      const value = pair.slice(equals + 1);
      return value !== '' && (SECRET_NAME.test(name) || looksGenerated(value)) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart + 1)}${redacted}${hashStart < 0 ? '' : url.slice(hashStart)}`;
}
