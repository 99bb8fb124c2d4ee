import { api, send } from 'shared/api';
import type { SignUpOutput } from 'shared/schemas';

export type SocialProvider = 'google' | 'facebook';

interface MessageAnswer {
  message: string;
}

interface SignedIn {
  access_token: string;
}

/** A verified account already has the provider's address: nothing is linked until its owner confirms. */
export interface LinkRequired {
  code: 'social_link_confirmation_required';
  message: string;
  /** Stands for the pending link in the confirming calls. */
  link_token: string;
  email: string;
  /** False for an account without a password (only the e-mailed link can confirm it). */
  can_use_password: boolean;
}

/** Signed in (`password_removed` when an unconfirmed account's earlier password was dropped), or a link to confirm. */
export type SocialCallbackAnswer = (SignedIn & { password_removed?: boolean }) | LinkRequired;

export const isLinkRequired = (answer: SocialCallbackAnswer): answer is LinkRequired => 'link_token' in answer;

/** The account calls of the public screens (the session calls live in `shared/session`). */
export const authApi = {
  signUp: (body: SignUpOutput) => send<MessageAnswer & { email: string }>(api.post('auth/sign-up', { json: body })),
  verifyEmail: (token: string) => send<MessageAnswer>(api.post('auth/verify-email', { json: { token } })),
  resendVerification: (email: string) => send<MessageAnswer>(api.post('auth/resend-verification', { json: { email } })),
  forgotPassword: (email: string) => send<MessageAnswer>(api.post('auth/forgot-password', { json: { email } })),
  resetPassword: (body: { token: string; password: string; password_confirmation: string }) =>
    send<MessageAnswer>(api.put('auth/reset-password', { json: body })),
  /** The providers the server can sign in with; only these get a button. */
  socialProviders: () => send<{ providers: SocialProvider[] }>(api.get('auth/social/providers')),
  socialLink: (provider: SocialProvider) => send<{ url: string }>(api.get('auth/social/link', { searchParams: { provider } })),
  // The contract's body is empty; an empty JSON object keeps the JSON content type honest.
  // 409 is an answer, not a failure: a verified account has the address and its owner must confirm.
  socialCallback: (params: { provider: string; code: string; state: string }) =>
    send<SocialCallbackAnswer>(
      api.post('auth/social/callback', { searchParams: params, json: {}, throwHttpErrors: (status) => status !== 409 }),
    ),
  linkWithPassword: (token: string, password: string) =>
    send<SignedIn>(api.post('auth/social/pending-link/password', { json: { token, password } })),
  sendLinkEmail: (token: string) => send<MessageAnswer>(api.post('auth/social/pending-link/email', { json: { token } })),
  confirmLinkEmail: (token: string) => send<SignedIn>(api.post('auth/social/pending-link/confirm', { json: { token } })),
};
