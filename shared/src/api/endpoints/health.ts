import * as v from 'valibot';
import { HealthSchema, type Health } from '../../contract/common';
import { api, send } from '../client';

export type { Health };

/** `GET /health`: the API and its database answer. */
export async function fetchHealth(): Promise<Health> {
  return v.parse(HealthSchema, await send(api.get('health')));
}
