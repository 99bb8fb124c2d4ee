import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { clientUserAtom, sessionStore } from 'shared/session';
import { notify, SOMETHING_WENT_WRONG } from 'shared/ui';
import { browserHasPasskeys, passkeyApi, passkeyCancelled } from '../common/two-factor/api/passkey-api';

/**
 * "Sign in with a passkey": no address to type, the browser offers the
 * passkeys it holds for this site and asks for the screen lock. Refusals are
 * shown in the sign-in form's alert.
 */
export function PasskeySignIn({ onSignedIn, onError }: { onSignedIn: (accessToken: string) => Promise<void>; onError: (message: string) => void }) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  if (!browserHasPasskeys()) return null;

  const start = async () => {
    setBusy(true);
    try {
      const { access_token: token } = await passkeyApi.signIn();
      await onSignedIn(token);
    } catch (error) {
      sessionStore.set(clientUserAtom, false);
      if (passkeyCancelled(error)) onError(t`No passkey was used: the request was cancelled or timed out.`);
      else if (isApiError(error) && error.status > 0 && error.status < 500) onError(error.message);
      else notify.error(i18n._(SOMETHING_WENT_WRONG));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="auth-form__actions">
      <button type="button" className="ui-button ui-button--ghost auth-passkey" disabled={busy} onClick={() => void start()}>
        {busy ? t`Waiting for your device…` : t`Sign in with a passkey`}
      </button>
    </div>
  );
}
