import { api, send } from 'shared/api';
import type {
  AccessToken,
  EmailVerified,
  MessageAnswer,
  SignedUp,
  SocialLinkRequired,
  SocialLinkUrl,
  SocialProvider,
  SocialProviders,
  SocialSignedIn,
  UnsubscribeState,
  TwoFactorChallenge,
} from 'shared/contract';
import type { SignUpOutput } from 'shared/schemas';

/** Signed in, or (409) a verified account has the provider's address and its owner must confirm. */
export type SocialCallbackAnswer = SocialSignedIn | SocialLinkRequired | TwoFactorChallenge;

export const isLinkRequired = (answer: SocialCallbackAnswer): answer is SocialLinkRequired => 'link_token' in answer;

/** A sign-in that needs the account's second factor before any session exists (202). */
export const needsSecondFactor = (answer: object): answer is TwoFactorChallenge => 'challenge_token' in answer;

/** The account calls of the public screens (the session calls live in `shared/session`). */
export const authApi = {
  signUp: (body: SignUpOutput) => send<SignedUp>(api.post('auth/sign-up', { json: body })),
  verifyEmail: (token: string) => send<EmailVerified>(api.post('auth/verify-email', { json: { token } })),
  resendVerification: (email: string) => send<MessageAnswer>(api.post('auth/resend-verification', { json: { email } })),
  forgotPassword: (email: string) => send<MessageAnswer>(api.post('auth/forgot-password', { json: { email } })),
  resetPassword: (body: { token: string; password: string; password_confirmation: string }) =>
    send<MessageAnswer>(api.put('auth/reset-password', { json: body })),
  /** The providers the server can sign in with; only these get a button. */
  socialProviders: () => send<SocialProviders>(api.get('auth/social/providers')),
  socialLink: (provider: SocialProvider) => send<SocialLinkUrl>(api.get('auth/social/link', { searchParams: { provider } })),
  // The contract's body is empty; an empty JSON object keeps the JSON content type honest.
  // 409 is an answer, not a failure: a verified account has the address and its owner must confirm.
  socialCallback: (params: { provider: string; code: string; state: string }) =>
    send<SocialCallbackAnswer>(api.post('auth/social/callback', { searchParams: params, json: {}, throwHttpErrors: (status) => status !== 409 })),
  linkWithPassword: (token: string, password: string) =>
    send<AccessToken | TwoFactorChallenge>(api.post('auth/social/pending-link/password', { json: { token, password } })),
  sendLinkEmail: (token: string) => send<MessageAnswer>(api.post('auth/social/pending-link/email', { json: { token } })),
  /** What an unsubscribe link is about; changes nothing (link scanners open links too). */
  unsubscribeState: (token: string) => send<UnsubscribeState>(api.get('email/unsubscribe', { searchParams: { token } })),
  unsubscribe: (token: string) => send<UnsubscribeState>(api.post('email/unsubscribe', { searchParams: { token }, json: {} })),
  resubscribe: (token: string) => send<UnsubscribeState>(api.post('email/resubscribe', { searchParams: { token }, json: {} })),
  confirmLinkEmail: (token: string) => send<AccessToken | TwoFactorChallenge>(api.post('auth/social/pending-link/confirm', { json: { token } })),
};
