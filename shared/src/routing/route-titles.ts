import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';

/**
 * What each page of the route table is called in the browser tab, by route
 * name. The shell writes it on every navigation and language switch, so the
 * tab, the history and screen readers name the page in the user's language.
 */
export const ROUTE_TITLES: Readonly<Record<string, MessageDescriptor>> = {
  Home: msg`Verified builders, escrow payments`,
  Contractors: msg`For contractors`,
  TermsOfService: msg`Terms of service`,
  PrivacyPolicy: msg`Privacy policy`,
  Catalog: msg`Home designs`,
  Fees: msg`Fees`,
  Professionals: msg`Verified professionals`,
  Professional: msg`Professional profile`,
  AddReview: msg`Post a review`,
  Demo: msg`Product tour`,
  Login: msg`Sign in`,
  SignUp: msg`Create an account`,
  SignUpSpecialists: msg`Join as a specialist`,
  ForgotPassword: msg`Forgotten password`,
  ResetPassword: msg`New password`,
  Expired: msg`Link expired`,
  AdminLogin: msg`Admin sign-in`,
  VerifyEmail: msg`E-mail verification`,
  Unsubscribe: msg`Unsubscribe`,
  SocialCallback: msg`Signing you in`,
  SocialLinkConfirm: msg`Confirm the sign-in`,
  'main.dashboard': msg`Dashboard`,
  'main.projects': msg`Projects`,
  'main.project': msg`Project`,
  'main.create': msg`Post a project`,
  'main.settings': msg`Personal information`,
  'main.specialists': msg`Specialists`,
  'main.specialist': msg`Specialist profile`,
  'main.escrow': msg`Escrow`,
  'main.contract': msg`Contract`,
  'main.catalog': msg`Catalog`,
  'main.messages': msg`Messages`,
  'main.conversation': msg`Conversation`,
  'admin.clients': msg`Clients`,
  'admin.contractors': msg`Contractors`,
  'admin.assessors': msg`Experts`,
  'admin.user': msg`Account`,
  'admin.audit': msg`Audit log`,
  'admin.escrow': msg`Escrow funds`,
  'admin.contract': msg`Contract review`,
  'admin.disputes': msg`Disputes`,
  'admin.dispute': msg`Dispute`,
  'admin.conversation': msg`Conversation record`,
  'admin.message-reports': msg`Reported messages`,
  'admin.outbox': msg`Outbox`,
  'admin.security': msg`Account security`,
  NotFound: msg`Page not found`,
};

/** The tab title of a named page, "Page · Fundament"; just the brand for a page without a name. */
export function routeTitle(name: string | undefined, i18n: I18n): string {
  const title = name ? ROUTE_TITLES[name] : undefined;
  return title ? `${i18n._(title)} · Fundament` : 'Fundament';
}
