const SECRET_PARAMS = /([?&](?:token|code|state|access_token)=)[^&#]*/gi;

/** The URL with the values of secret query parameters replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}
