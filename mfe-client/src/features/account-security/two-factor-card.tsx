import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorEnrolment } from 'shared/contract';
import { TextField, useForm } from 'shared/forms';
import { queryKeys } from 'shared/query';
import { CurrentPasswordFormSchema as PasswordSchema, TwoFactorDisableFormSchema as DisableSchema } from 'shared/schemas';
import { AuthenticatorSetup, RecoveryCodes } from 'shared/two-factor';
import { formatDate, notify, Spinner } from 'shared/ui';
import { confirmEnrolment, disableTwoFactor, getTwoFactor, regenerateRecoveryCodes, startEnrolment } from './api/two-factor';

type Step =
  | { kind: 'idle' }
  | { kind: 'password' }
  | { kind: 'setup'; enrolment: TwoFactorEnrolment }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'regenerate' }
  | { kind: 'disable' };

/**
 * Two-factor sign-in with an authenticator app: set up (QR code and key, then
 * the first code), recovery codes shown once, new codes, turned off with the
 * password and a code. Payouts need it on.
 */
export function TwoFactorCard() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: queryKeys.accountSecurity.twoFactor(), queryFn: ({ signal }) => getTwoFactor(signal) });
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.accountSecurity.twoFactor() });

  const passwordForm = useForm({ initialValues: { current_password: '' }, schema: PasswordSchema });
  const begin = passwordForm.handleSubmit(async ({ current_password: password }) => {
    const enrolment = await startEnrolment(password);
    passwordForm.setValues({ current_password: '' });
    setStep({ kind: 'setup', enrolment });
  });
  const regenerateForm = useForm({ initialValues: { current_password: '' }, schema: PasswordSchema });
  const regenerate = regenerateForm.handleSubmit(async ({ current_password: password }) => {
    const { recovery_codes: codes } = await regenerateRecoveryCodes(password);
    regenerateForm.setValues({ current_password: '' });
    setStep({ kind: 'codes', codes });
    void refresh();
  });
  const disableForm = useForm({ initialValues: { current_password: '', code: '' }, schema: DisableSchema });
  const disable = disableForm.handleSubmit(async ({ current_password: password, code }) => {
    const { message } = await disableTwoFactor({ current_password: password, two_factor_code: code });
    disableForm.setValues({ current_password: '', code: '' });
    setStep({ kind: 'idle' });
    notify.success(message);
    void refresh();
  });
  const cancel = () => setStep({ kind: 'idle' });

  let body;
  if (status.isPending) body = <Spinner label={t`Loading…`} />;
  else if (status.isError)
    body = (
      <div className="client-settings__notice client-settings__notice--error" role="alert">
        <p>{t`Two-factor sign-in could not be loaded.`}</p>
        <button type="button" className="ui-button ui-button--ghost" onClick={() => void status.refetch()}>
          {t`Try again`}
        </button>
      </div>
    );
  else if (step.kind === 'codes')
    body = (
      <RecoveryCodes
        codes={step.codes}
        onDone={() => {
          setStep({ kind: 'idle' });
          void refresh();
        }}
      />
    );
  else if (step.kind === 'setup')
    body = (
      <AuthenticatorSetup
        enrolment={step.enrolment}
        onCancel={cancel}
        onConfirm={async (code) => {
          const { recovery_codes: codes } = await confirmEnrolment(code);
          notify.success(t`Two-factor sign-in is on.`);
          setStep({ kind: 'codes', codes });
        }}
      />
    );
  else if (!status.data.enabled)
    body =
      step.kind === 'password' ? (
        <form className="client-settings__form" ref={passwordForm.formRef} onSubmit={begin} noValidate aria-label={t`Set up two-factor sign-in`}>
          <TextField
            binding={passwordForm.field('current_password')}
            label={t`Current password`}
            type="password"
            autoComplete="current-password"
            required
          />
          <div className="client-settings__actions">
            <button type="submit" className="ui-button ui-button--accent" disabled={passwordForm.submitting}>
              {t`Continue`}
            </button>
            <button type="button" className="ui-button ui-button--ghost" onClick={cancel}>
              {t`Cancel`}
            </button>
          </div>
        </form>
      ) : (
        <div className="client-settings__actions">
          <button type="button" className="ui-button ui-button--accent" onClick={() => setStep({ kind: 'password' })}>
            {t`Set up an authenticator app`}
          </button>
        </div>
      );
  else
    body = (
      <>
        <p className="client-settings__status" data-testid="two-factor-status">
          <strong>{t`On`}</strong>{' '}
          {t`since ${formatDate(status.data.enabled_at, i18n.locale)}, ${status.data.recovery_codes_left} recovery codes left.`}
        </p>
        {step.kind === 'regenerate' && (
          <form className="client-settings__form" ref={regenerateForm.formRef} onSubmit={regenerate} noValidate aria-label={t`New recovery codes`}>
            <TextField
              binding={regenerateForm.field('current_password')}
              label={t`Current password`}
              type="password"
              autoComplete="current-password"
              required
            />
            <div className="client-settings__actions">
              <button type="submit" className="ui-button ui-button--accent" disabled={regenerateForm.submitting}>
                {t`Get new codes`}
              </button>
              <button type="button" className="ui-button ui-button--ghost" onClick={cancel}>
                {t`Cancel`}
              </button>
            </div>
          </form>
        )}
        {step.kind === 'disable' && (
          <form className="client-settings__form" ref={disableForm.formRef} onSubmit={disable} noValidate aria-label={t`Turn off two-factor sign-in`}>
            <div className="client-settings__row">
              <TextField
                binding={disableForm.field('current_password')}
                label={t`Current password`}
                type="password"
                autoComplete="current-password"
                required
              />
              <TextField binding={disableForm.field('code')} label={t`Code from the app or a recovery code`} autoComplete="one-time-code" required />
            </div>
            <div className="client-settings__actions">
              <button type="submit" className="ui-button" disabled={disableForm.submitting}>
                {t`Turn off`}
              </button>
              <button type="button" className="ui-button ui-button--ghost" onClick={cancel}>
                {t`Cancel`}
              </button>
            </div>
          </form>
        )}
        {step.kind === 'idle' && (
          <div className="client-settings__actions">
            <button type="button" className="ui-button ui-button--ghost" onClick={() => setStep({ kind: 'regenerate' })}>
              {t`New recovery codes`}
            </button>
            <button type="button" className="ui-button ui-button--ghost" onClick={() => setStep({ kind: 'disable' })}>
              {t`Turn off`}
            </button>
          </div>
        )}
      </>
    );

  return (
    <section className="ui-card client-settings__card" aria-labelledby="settings-two-factor">
      <div>
        <h2 id="settings-two-factor">
          <Trans>Two-factor sign-in</Trans>
        </h2>
        <p>
          <Trans>
            After your password, a code from an authenticator app on your phone. Someone who learns your password still cannot sign in. Needed to
            receive payouts.
          </Trans>
        </p>
      </div>
      {body}
    </section>
  );
}
