import { api, send } from 'shared/api';
import type { PublicKeyCredentialRequestOptionsJSON as RequestOptions } from '@simplewebauthn/browser';
import type { AccessToken } from 'shared/contract';

/** Asks the browser for a passkey; the WebAuthn library is loaded only when someone chooses one. */
async function askBrowser(optionsJSON: RequestOptions) {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({ optionsJSON });
}

export const passkeyApi = {
  /** A sign-in with a passkey alone: the browser offers whichever passkeys it holds for this site. */
  async signIn(): Promise<AccessToken> {
    const options = await send<RequestOptions>(api.post('auth/passkeys/sign-in/options'));
    const response = await askBrowser(options);
    return send<AccessToken>(api.post('auth/passkeys/sign-in', { json: { response } }));
  },
  /** The second step of a password sign-in, answered with one of the account's passkeys. */
  async secondFactor(challengeToken: string, rememberDevice: boolean): Promise<AccessToken> {
    const options = await send<RequestOptions>(api.post('auth/passkeys/second-factor/options', { json: { challenge_token: challengeToken } }));
    const response = await askBrowser(options);
    return send<AccessToken>(
      api.post('auth/passkeys/second-factor', { json: { challenge_token: challengeToken, response, remember_device: rememberDevice } }),
    );
  },
};

/** Whether the browser's own prompt was dismissed or timed out (nothing the server said). */
export const passkeyCancelled = (error: unknown) => error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');

export const browserHasPasskeys = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
