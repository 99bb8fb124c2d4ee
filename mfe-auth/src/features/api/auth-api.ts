import { api, send } from 'shared/api';
import type { SignUpOutput } from 'shared/schemas';

export type SocialProvider = 'google' | 'facebook';

interface MessageAnswer {
  message: string;
}

/** The account calls of the public screens (the session calls live in `shared/session`). */
export const authApi = {
  signUp: (body: SignUpOutput) => send<MessageAnswer & { email: string }>(api.post('auth/sign-up', { json: body })),
  verifyEmail: (token: string) => send<MessageAnswer>(api.post('auth/verify-email', { json: { token } })),
  resendVerification: (email: string) => send<MessageAnswer>(api.post('auth/resend-verification', { json: { email } })),
  forgotPassword: (email: string) => send<MessageAnswer>(api.post('auth/forgot-password', { json: { email } })),
  resetPassword: (body: { token: string; password: string; password_confirmation: string }) =>
    send<MessageAnswer>(api.put('auth/reset-password', { json: body })),
  socialLink: (provider: SocialProvider) => send<{ url: string }>(api.get('auth/social/link', { searchParams: { provider } })),
  // The contract's body is empty; an empty JSON object keeps the JSON content type honest.
  socialCallback: (params: { provider: string; code: string; state: string }) =>
    send<{ access_token: string }>(api.post('auth/social/callback', { searchParams: params, json: {} })),
};
