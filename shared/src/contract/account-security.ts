import * as v from 'valibot';
import { TimestampSchema } from './common';

/** One session of the signed-in account, as `GET /auth/sessions` lists it. */
export const AccountSessionSchema = v.object({
  id: v.string(),
  browser: v.pipe(v.string(), v.description('The browser and system it was opened in, e.g. "Firefox on Linux"')),
  ip_address: v.nullable(v.string()),
  country: v.nullable(v.pipe(v.string(), v.description('ISO 3166 code, when the proxy in front of the API tells it'))),
  created_at: TimestampSchema,
  last_seen_at: TimestampSchema,
  current: v.pipe(v.boolean(), v.description('The session making this call')),
});
export type AccountSession = v.InferOutput<typeof AccountSessionSchema>;

export const AccountSessionsSchema = v.object({ data: v.array(AccountSessionSchema) });
export type AccountSessions = v.InferOutput<typeof AccountSessionsSchema>;
