import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from '../api';
import { FormAlert, TextField, useForm } from '../forms';
import { TwoFactorCodeFormSchema } from '../schemas';
import type { TwoFactorEnrolment } from '../contract/two-factor';

/** The secret in groups of four, easier to type into an app by hand. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Setting up an authenticator app: the QR code to scan, the same key to type,
 * and the first code the app shows, which turns the factor on.
 */
export function AuthenticatorSetup({
  enrolment,
  onConfirm,
  onCancel,
}: {
  enrolment: TwoFactorEnrolment;
  onConfirm: (code: string) => Promise<void>;
  onCancel?: () => void;
}) {
  const { t } = useLingui();
  const form = useForm({
    initialValues: { code: '' },
    schema: TwoFactorCodeFormSchema,
    onError: (error) => {
      // A set-up that expired, too many codes: the server's own words.
      if (isApiError(error) && [401, 409, 429].includes(error.status)) {
        form.setFormError(error.message);
        return true;
      }
      return false;
    },
  });
  const submit = form.handleSubmit(async ({ code }) => onConfirm(code));
  return (
    <div className="ui-authenticator-setup">
      <ol className="ui-authenticator-setup__steps">
        <li>
          <Trans>Open an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator or 2FAS).</Trans>
        </li>
        <li>
          <Trans>Scan this QR code, or type the key below.</Trans>
        </li>
        <li>
          <Trans>Enter the 6-digit code the app shows.</Trans>
        </li>
      </ol>
      <div className="ui-authenticator-setup__key">
        <img src={enrolment.qr_code} alt={t`QR code to scan with your authenticator app`} width={176} height={176} />
        <div>
          <p className="ui-authenticator-setup__label">
            <Trans>Key to type by hand</Trans>
          </p>
          <code className="ui-authenticator-setup__secret" data-testid="authenticator-secret">
            {groupedSecret(enrolment.secret)}
          </code>
        </div>
      </div>
      <form className="ui-authenticator-setup__form" ref={form.formRef} onSubmit={submit} noValidate aria-label={t`Confirm the authenticator app`}>
        {form.formError && <FormAlert>{form.formError}</FormAlert>}
        <TextField binding={form.field('code')} label={t`Code from the app`} autoComplete="one-time-code" inputMode="numeric" required />
        <div className="ui-authenticator-setup__actions">
          <button type="submit" className="ui-button ui-button--accent" disabled={form.submitting}>
            {form.submitting ? t`Checking…` : t`Turn on`}
          </button>
          {onCancel && (
            <button type="button" className="ui-button ui-button--ghost" onClick={onCancel}>
              <Trans>Cancel</Trans>
            </button>
          )}
        </div>
      </form>
    </div>
  );
}
