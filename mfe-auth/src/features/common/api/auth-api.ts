import { api, send } from 'shared/api';
import type {
  AccessToken,
  MessageAnswer,
  SignedUp,
  SocialLinkRequired,
  SocialLinkUrl,
  SocialProvider,
  SocialProviders,
  SocialSignedIn,
} from 'shared/contract';
import type { SignUpOutput } from 'shared/schemas';

/** Signed in, or (409) a verified account has the provider's address and its owner must confirm. */
export type SocialCallbackAnswer = SocialSignedIn | SocialLinkRequired;

export const isLinkRequired = (answer: SocialCallbackAnswer): answer is SocialLinkRequired => 'link_token' in answer;

/** The account calls of the public screens (the session calls live in `shared/session`). */
export const authApi = {
  signUp: (body: SignUpOutput) => send<SignedUp>(api.post('auth/sign-up', { json: body })),
  verifyEmail: (token: string) => send<MessageAnswer>(api.post('auth/verify-email', { json: { token } })),
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
    send<AccessToken>(api.post('auth/social/pending-link/password', { json: { token, password } })),
  sendLinkEmail: (token: string) => send<MessageAnswer>(api.post('auth/social/pending-link/email', { json: { token } })),
  confirmLinkEmail: (token: string) => send<AccessToken>(api.post('auth/social/pending-link/confirm', { json: { token } })),
};
