import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CheckKind, ServiceCard } from 'shared/contract';

/** The four checks of docs/product.md §1, as a visitor reads them. */
export const CHECK_LABELS: Record<CheckKind, MessageDescriptor> = {
  identity_register: msg`Identity and company checked against the national register`,
  location_visit: msg`Premises visited`,
  customer_interviews: msg`Previous customers interviewed`,
  financial_check: msg`Finances checked`,
};

/** The service card's role label (docs/product.md §2). */
export const ROLE_LABELS: Record<ServiceCard['role_label'], MessageDescriptor> = {
  professional: msg`Professional`,
  contractor: msg`Contractor`,
  vendor: msg`Vendor`,
};
