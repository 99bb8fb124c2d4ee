import * as v from 'valibot';
import { api, IDEMPOTENCY_HEADER, send, uploadForm } from 'shared/api';
import { ChangeOrderListSchema, ChangeOrderSchema, type ChangeOrder, type ChangeOrderLineInput } from 'shared/contract';
import { contractPath } from '../../common/api/get-contract';

type Progress = (fraction: number) => void;

/** `GET /contracts/:id/change-orders`: newest first. */
export async function getChangeOrders(contractId: string, signal?: AbortSignal): Promise<ChangeOrder[]> {
  return v.parse(ChangeOrderListSchema, await send(api.get(`${contractPath(contractId)}/change-orders`, { signal }))).data;
}

export interface ChangeOrderInput {
  title: string;
  reason: string;
  newEndDate: string;
  respondWithinDays: number;
  lines: ChangeOrderLineInput[];
  attachments: File[];
}

/** `POST /contracts/:id/change-orders`: a party's proposal, with attachments; the other party answers. */
export async function proposeChangeOrder(contractId: string, input: ChangeOrderInput, onProgress: Progress): Promise<ChangeOrder> {
  const body = new FormData();
  body.append('title', input.title);
  body.append('reason', input.reason);
  if (input.newEndDate) body.append('new_end_date', input.newEndDate);
  body.append('respond_within_days', String(input.respondWithinDays));
  body.append('lines', JSON.stringify(input.lines));
  for (const file of input.attachments) body.append('attachments', file, file.name);
  return v.parse(ChangeOrderSchema, await uploadForm<unknown>({ path: `${contractPath(contractId)}/change-orders`, body, onProgress }));
}

/** `POST /change-orders/:id/approve|decline`: the other party's answer; an approval changes the plan at once. */
export async function answerChangeOrder(orderId: string, answer: 'approve' | 'decline', idempotencyKey: string): Promise<ChangeOrder> {
  return v.parse(
    ChangeOrderSchema,
    await send(api.post(`change-orders/${encodeURIComponent(orderId)}/${answer}`, { json: {}, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } })),
  );
}
