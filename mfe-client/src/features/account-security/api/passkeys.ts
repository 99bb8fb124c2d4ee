import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { api, send } from 'shared/api';
import type { MessageAnswer, Passkey, PasskeyList } from 'shared/contract';

/** The account's passkeys (the query key is this card's own: nothing else reads the list). */
export const passkeysQueryKey = ['account-security', 'passkeys'] as const;

export const getPasskeys = (signal?: AbortSignal) => send<PasskeyList>(api.get('auth/passkeys', { signal }));

/**
 * Adds a passkey: the password proves the owner, the browser asks its
 * authenticator (the WebAuthn library is loaded only now: most visits never
 * make a passkey), the server keeps the answer under `name`.
 */
export async function addPasskey(name: string, currentPassword: string): Promise<Passkey> {
  const optionsJSON = await send<PublicKeyCredentialCreationOptionsJSON>(
    api.post('auth/passkeys/registration/options', { json: { current_password: currentPassword } }),
  );
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({ optionsJSON });
  return send<Passkey>(api.post('auth/passkeys/registration', { json: { name, response } }));
}

export const removePasskey = (id: string, currentPassword: string) =>
  send<MessageAnswer>(api.delete(`auth/passkeys/${encodeURIComponent(id)}`, { json: { current_password: currentPassword } }));

/** Whether this browser can make and use passkeys at all (no library needed to tell). */
export const browserHasPasskeys = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
