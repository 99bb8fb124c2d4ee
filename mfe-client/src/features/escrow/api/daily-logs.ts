import * as v from 'valibot';
import { api, send, uploadForm } from 'shared/api';
import { DailyLogEntrySchema, DailyLogListSchema, type DailyLogEntry, type DailyLogList } from 'shared/contract';
import { contractPath } from '../../common/api/get-contract';

type Progress = (fraction: number) => void;

/** `GET /contracts/:id/daily-logs`: the timeline, newest entry first, with the chain's head. */
export async function getDailyLogs(contractId: string, signal?: AbortSignal): Promise<DailyLogList> {
  return v.parse(DailyLogListSchema, await send(api.get(`${contractPath(contractId)}/daily-logs`, { signal })));
}

/** `POST /contracts/:id/daily-logs`: what happened on site, with up to six photos (their EXIF time and place are kept). */
export async function postDailyLog(contractId: string, input: { body: string; photos: File[] }, onProgress: Progress): Promise<DailyLogEntry> {
  const body = new FormData();
  body.append('body', input.body);
  for (const photo of input.photos) body.append('photos', photo, photo.name);
  return v.parse(DailyLogEntrySchema, await uploadForm<unknown>({ path: `${contractPath(contractId)}/daily-logs`, body, onProgress }));
}

/** `PATCH /contracts/:id/daily-logs/:entryId`: the author's correction, in the grace period only. */
export async function editDailyLog(contractId: string, entryId: string, text: string): Promise<DailyLogEntry> {
  return v.parse(
    DailyLogEntrySchema,
    await send(api.patch(`${contractPath(contractId)}/daily-logs/${encodeURIComponent(entryId)}`, { json: { body: text } })),
  );
}

/** `POST /contracts/:id/daily-logs/:entryId/annotations`: a note on an entry that is final. */
export async function annotateDailyLog(contractId: string, entryId: string, text: string): Promise<DailyLogEntry> {
  return v.parse(
    DailyLogEntrySchema,
    await send(api.post(`${contractPath(contractId)}/daily-logs/${encodeURIComponent(entryId)}/annotations`, { json: { body: text } })),
  );
}
