import * as v from 'valibot';
import { uploadForm } from 'shared/api';
import { ContractViewSchema, type ContractView } from 'shared/contract';
import { milestonePath } from '../../common/api/get-contract';

type Progress = (fraction: number) => void;

async function postForm(path: string, body: FormData, onProgress: Progress): Promise<ContractView> {
  return v.parse(ContractViewSchema, await uploadForm<unknown>({ path, body, onProgress }));
}

/** `POST …/complete` (contractor): notes and up to six photos. */
export function completeMilestone(contractId: string, milestoneId: string, input: { notes: string; photos: File[] }, onProgress: Progress) {
  const body = new FormData();
  body.append('notes', input.notes);
  for (const photo of input.photos) body.append('photos', photo, photo.name);
  return postForm(`${milestonePath(contractId, milestoneId)}/complete`, body, onProgress);
}

/** `POST …/inspection` (assigned expert): the decision, notes and a report. */
export function inspectMilestone(
  contractId: string,
  milestoneId: string,
  input: { decision: 'approved' | 'changes_requested'; notes: string; report: File },
  onProgress: Progress,
) {
  const body = new FormData();
  body.append('decision', input.decision);
  body.append('notes', input.notes);
  body.append('report', input.report, input.report.name);
  return postForm(`${milestonePath(contractId, milestoneId)}/inspection`, body, onProgress);
}

/** `POST …/estimate` (assigned expert, insolvency): what is owed for the work done, in minor units. */
export function estimateMilestone(
  contractId: string,
  milestoneId: string,
  input: { owed_amount: number; notes: string; report: File },
  onProgress: Progress,
) {
  const body = new FormData();
  body.append('owed_amount', String(input.owed_amount));
  body.append('notes', input.notes);
  body.append('report', input.report, input.report.name);
  return postForm(`${milestonePath(contractId, milestoneId)}/estimate`, body, onProgress);
}

/** `POST …/disputes` (client or contractor): freezes the contract until the dispute is resolved. */
export function openDispute(contractId: string, milestoneId: string, input: { reason: string; evidence: File[] }, onProgress: Progress) {
  const body = new FormData();
  body.append('reason', input.reason);
  for (const file of input.evidence) body.append('evidence', file, file.name);
  return postForm(`${milestonePath(contractId, milestoneId)}/disputes`, body, onProgress);
}
