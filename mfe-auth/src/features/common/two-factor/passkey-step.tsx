import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { FormAlert } from 'shared/forms';
import { notify, SOMETHING_WENT_WRONG } from 'shared/ui';
import { passkeyApi, passkeyCancelled } from './api/passkey-api';

/** The second step of a client sign-in answered with a passkey instead of a code. */
export function PasskeyStep({
  challengeToken,
  onSignedIn,
  onRestart,
  onUseCode,
}: {
  challengeToken: string;
  onSignedIn: (accessToken: string) => Promise<void>;
  onRestart: () => void;
  /** Offered when the account also has an authenticator app. */
  onUseCode?: () => void;
}) {
  const { t, i18n } = useLingui();
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const answerWithPasskey = async () => {
    setBusy(true);
    setError(null);
    try {
      const { access_token: token } = await passkeyApi.secondFactor(challengeToken, remember);
      await onSignedIn(token);
    } catch (failure) {
      if (passkeyCancelled(failure)) setError(t`The passkey was not used: the request was cancelled or timed out. Try again.`);
      // Not recognised, a dead challenge, too many tries: the server's words.
      else if (isApiError(failure) && failure.status > 0 && failure.status < 500) setError(failure.message);
      else notify.error(i18n._(SOMETHING_WENT_WRONG));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="auth-form" role="group" aria-label={t`Second factor`}>
      {error && <FormAlert>{error}</FormAlert>}
      <p>
        <Trans>Use the passkey you added to your account: your device asks for its fingerprint, face or PIN.</Trans>
      </p>
      <label className="auth-form__check">
        <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
        <Trans>Remember this device for 30 days</Trans>
      </label>
      <div className="auth-form__actions">
        <button type="button" className="ui-button ui-button--accent" disabled={busy} onClick={() => void answerWithPasskey()}>
          {busy ? t`Waiting for your device…` : t`Use my passkey`}
        </button>
      </div>
      <div className="auth-form__links">
        {onUseCode && (
          <button type="button" className="auth-form__link-button" onClick={onUseCode}>
            <Trans>Use the authenticator app</Trans>
          </button>
        )}
        <button type="button" className="auth-form__link-button" onClick={onRestart}>
          <Trans>Start again</Trans>
        </button>
      </div>
    </div>
  );
}
