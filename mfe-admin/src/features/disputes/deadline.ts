import type { DisputeView } from 'shared/contract';

/** The other party's answer was due and the dispute is still in the admin's hands. */
export function isOverdue(dispute: Pick<DisputeView, 'respond_by' | 'status'>, now = Date.now()): boolean {
  return dispute.status !== 'resolved' && new Date(dispute.respond_by).getTime() < now;
}
