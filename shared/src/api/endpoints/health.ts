import * as v from 'valibot';
import { api, send } from '../client';

export const HealthSchema = v.object({ status: v.literal('ok'), database: v.string() });
export type Health = v.InferOutput<typeof HealthSchema>;

/** `GET /health`: the API and its database answer. */
export async function fetchHealth(): Promise<Health> {
  return v.parse(HealthSchema, await send(api.get('health')));
}
