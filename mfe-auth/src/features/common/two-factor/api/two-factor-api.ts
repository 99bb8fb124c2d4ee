import { adminApi, api, send } from 'shared/api';
import type { AccessToken, TwoFactorChallenge, TwoFactorEnrolment } from 'shared/contract';
import type { Credentials } from 'shared/session';

/** Whose sign-in: a client account's or the back office's (separate routes and sessions). */
export type SignInScope = 'client' | 'admin';

/** The password step: a session (200), or (202) a second factor to give, or to set up first. */
export type PasswordAnswer = AccessToken | TwoFactorChallenge;

export const isChallenge = (answer: PasswordAnswer): answer is TwoFactorChallenge => 'challenge_token' in answer;

const http = (scope: SignInScope) => (scope === 'client' ? api : adminApi);
const prefix = (scope: SignInScope) => (scope === 'client' ? 'auth' : 'admin/auth');

export const twoFactorApi = {
  passwordStep: (scope: SignInScope, credentials: Credentials) =>
    send<PasswordAnswer>(http(scope).post(`${prefix(scope)}/login`, { json: credentials })),
  codeStep: (scope: SignInScope, body: { challenge_token: string; code: string; remember_device: boolean }) =>
    send<AccessToken>(http(scope).post(`${prefix(scope)}/two-factor/sign-in`, { json: body })),
  /** An admin without a second factor: the secret to set up before the first session. */
  adminEnrolment: (challengeToken: string) =>
    send<TwoFactorEnrolment>(adminApi.post('admin/auth/two-factor/enrolment', { json: { challenge_token: challengeToken } })),
  adminEnrolConfirm: (challengeToken: string, code: string) =>
    send<AccessToken & { recovery_codes: string[] }>(
      adminApi.post('admin/auth/two-factor/enrolment/confirm', { json: { challenge_token: challengeToken, code } }),
    ),
};
