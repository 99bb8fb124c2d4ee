import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CheckKind, CheckOutcome, VerificationState } from 'shared/contract';

export const CHECK_TITLES: Record<CheckKind, MessageDescriptor> = {
  identity_register: msg`Identity against the national register`,
  location_visit: msg`Location visit`,
  customer_interviews: msg`Previous-customer interviews`,
  financial_check: msg`Financial check`,
};

export const CHECK_HINTS: Record<CheckKind, MessageDescriptor> = {
  identity_register: msg`Compare the ID document and company registration with the national registers.`,
  location_visit: msg`Visit the workshop, office or yard and confirm the address.`,
  customer_interviews: msg`Speak with at least two previous customers about quality, deadlines and budget.`,
  financial_check: msg`Review bank statements, tax compliance and outstanding debts.`,
};

export const OUTCOMES: Record<CheckOutcome, MessageDescriptor> = {
  passed: msg`Passed`,
  failed: msg`Failed`,
  pending: msg`Pending`,
};

export const VERIFICATION_STATES: Record<VerificationState, MessageDescriptor> = {
  verified: msg`Verified`,
  pending: msg`Awaiting verification`,
  unverified: msg`Check failed`,
};

export const ROLE_NAMES: Record<string, MessageDescriptor> = {
  client: msg`Client`,
  contractor: msg`Contractor`,
  vendor: msg`Vendor`,
  artisan: msg`Artisan`,
  expert: msg`Expert`,
};

export const AUDIT_ACTIONS: Record<string, MessageDescriptor> = {
  'check.recorded': msg`Check recorded`,
  'evidence.uploaded': msg`Evidence uploaded`,
  'evidence.downloaded': msg`Evidence downloaded`,
  'user.verified': msg`Verified`,
  'user.verification_revoked': msg`Verification revoked`,
  'user.verification_refused': msg`Verification refused`,
  'user.suspended': msg`Account suspended`,
  'user.reactivated': msg`Account reactivated`,
  'expert.created': msg`Expert created`,
  'message.hidden': msg`Message hidden`,
  'message_report.dismissed': msg`Report dismissed`,
};
