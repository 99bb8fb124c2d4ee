import type { MessageDescriptor } from '@lingui/core';
import type { ContractStatus, MilestoneStatus } from '../contract/escrow';

/*
 * The words for the escrow states, the same in the client area and the back
 * office (written out like API_MESSAGES so the API could use them too).
 */
export const MILESTONE_STATUS_LABELS = {
  draft: /*i18n*/ { id: 'Not funded', message: 'Not funded' },
  funded: /*i18n*/ { id: 'Funded', message: 'Funded' },
  submitted: /*i18n*/ { id: 'Work submitted', message: 'Work submitted' },
  approved: /*i18n*/ { id: 'Approved', message: 'Approved' },
  changes_requested: /*i18n*/ { id: 'Changes requested', message: 'Changes requested' },
  released: /*i18n*/ { id: 'Released', message: 'Released' },
  refunded: /*i18n*/ { id: 'Refunded', message: 'Refunded' },
  settled: /*i18n*/ { id: 'Settled', message: 'Settled' },
} satisfies Record<MilestoneStatus, MessageDescriptor>;

export const CONTRACT_STATUS_LABELS = {
  active: /*i18n*/ { id: 'Active', message: 'Active' },
  frozen: /*i18n*/ { id: 'Frozen', message: 'Frozen' },
  completed: /*i18n*/ { id: 'Completed', message: 'Completed' },
  terminated: /*i18n*/ { id: 'Terminated', message: 'Terminated' },
} satisfies Record<ContractStatus, MessageDescriptor>;
