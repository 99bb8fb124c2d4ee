import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { FormAlert, TextField, useForm } from 'shared/forms';
import { TwoFactorCodeFormSchema } from 'shared/schemas';
import { twoFactorApi, type SignInScope } from './api/two-factor-api';

/**
 * The second step of a sign-in: the code of the authenticator app, or a
 * recovery code; "remember this device" skips it in this browser for 30 days.
 */
export function CodeStep({
  scope,
  challengeToken,
  onSignedIn,
  onRestart,
  onUsePasskey,
}: {
  scope: SignInScope;
  challengeToken: string;
  onSignedIn: (accessToken: string) => Promise<void>;
  onRestart: () => void;
  /** Offered when the account also has a passkey. */
  onUsePasskey?: () => void;
}) {
  const { t } = useLingui();
  const [recovery, setRecovery] = useState(false);
  const [remember, setRemember] = useState(false);
  const form = useForm({
    initialValues: { code: '' },
    schema: TwoFactorCodeFormSchema,
    onError: (error) => {
      // A dead challenge (too old, too many wrong codes) or too many codes: the server's words.
      if (isApiError(error) && [401, 403, 429].includes(error.status)) {
        form.setFormError(error.message);
        return true;
      }
      return false;
    },
  });
  const submit = form.handleSubmit(async ({ code }) => {
    const { access_token: token } = await twoFactorApi.codeStep(scope, { challenge_token: challengeToken, code, remember_device: remember });
    await onSignedIn(token);
  });
  return (
    <form className="auth-form" ref={form.formRef} onSubmit={submit} noValidate aria-label={t`Second factor`}>
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <p>
        {recovery ? (
          <Trans>Enter one of the recovery codes you saved when you set up two-factor sign-in. Each code works once.</Trans>
        ) : (
          <Trans>Open your authenticator app and enter the 6-digit code it shows for Fundament.</Trans>
        )}
      </p>
      {/* The key changes with the kind of code so the field starts empty and keeps its own keyboard. */}
      <TextField
        key={recovery ? 'recovery' : 'totp'}
        binding={form.field('code')}
        label={recovery ? t`Recovery code` : t`Authentication code`}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        inputMode={recovery ? 'text' : 'numeric'}
        required
      />
      <label className="auth-form__check">
        <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
        <Trans>Remember this device for 30 days</Trans>
      </label>
      <div className="auth-form__actions">
        <button type="submit" className="ui-button ui-button--accent" disabled={form.submitting}>
          {form.submitting ? t`Checking…` : t`Verify`}
        </button>
      </div>
      <div className="auth-form__links">
        <button
          type="button"
          className="auth-form__link-button"
          onClick={() => {
            setRecovery(!recovery);
            form.setValues({ code: '' });
          }}
        >
          {recovery ? t`Use the authenticator app` : t`Use a recovery code`}
        </button>
        {onUsePasskey && (
          <button type="button" className="auth-form__link-button" onClick={onUsePasskey}>
            <Trans>Use a passkey</Trans>
          </button>
        )}
        <button type="button" className="auth-form__link-button" onClick={onRestart}>
          <Trans>Start again</Trans>
        </button>
      </div>
    </form>
  );
}
