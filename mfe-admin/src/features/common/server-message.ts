import { isApiError } from 'shared/api';

/** The server's own words when they are meant for people (a refusal), or null for outages and bugs. */
export function serverMessage(error: unknown): string | null {
  return isApiError(error) && error.kind === 'http' && error.status < 500 ? error.message : null;
}
