import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TextField, useForm } from 'shared/forms';
import { TwoFactorCodeFormSchema } from 'shared/schemas';
import { RecoveryCodes } from 'shared/two-factor';
import { Spinner } from 'shared/ui';
import { formatDateTime } from '../common/format';
import { LoadError } from '../common/load-error';
import { adminTwoFactorKey, fetchAdminTwoFactor, regenerateAdminRecoveryCodes } from './security-api';
import '../common/styles';
import './security.css';

/**
 * The admin's own account security: since when the second factor is on, how
 * many recovery codes are left, and ten new ones for a current code of the
 * authenticator app (shown once).
 */
export function SecurityPage() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: adminTwoFactorKey, queryFn: ({ signal }) => fetchAdminTwoFactor(signal) });
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useForm({ initialValues: { code: '' }, schema: TwoFactorCodeFormSchema });
  const regenerate = form.handleSubmit(async ({ code }) => {
    const answer = await regenerateAdminRecoveryCodes(code);
    form.setValues({ code: '' });
    setCodes(answer.recovery_codes);
    void queryClient.invalidateQueries({ queryKey: adminTwoFactorKey });
  });

  let body;
  if (status.isPending) body = <Spinner label={t`Loading…`} />;
  else if (status.isError) body = <LoadError error={status.error} onRetry={() => void status.refetch()} />;
  else if (codes) body = <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  else {
    const left = status.data.recovery_codes_left;
    body = (
      <>
        <p className="admin-security__status" data-testid="admin-two-factor-status">
          {status.data.enabled_at
            ? t`Two-factor sign-in is on since ${formatDateTime(status.data.enabled_at, i18n.locale)}.`
            : t`Two-factor sign-in is on.`}{' '}
          <strong>{left === 1 ? t`1 recovery code left.` : t`${left} recovery codes left.`}</strong>
        </p>
        {left <= 3 && (
          <p className="admin-security__warning" role="status">
            {t`Few recovery codes are left: get new ones now, while you still have your phone.`}
          </p>
        )}
        <form className="admin-security__form" ref={form.formRef} onSubmit={regenerate} noValidate aria-label={t`New recovery codes`}>
          <p>{t`New codes replace the old ones, which stop working. Enter a code from your authenticator app (or a recovery code) to get them.`}</p>
          <TextField
            binding={form.field('code')}
            label={t`Code from the app or a recovery code`}
            autoComplete="one-time-code"
            inputMode="text"
            required
          />
          <div className="admin-security__actions">
            <button type="submit" className="ui-button ui-button--accent" disabled={form.submitting}>
              {form.submitting ? t`Checking…` : t`Get new recovery codes`}
            </button>
          </div>
        </form>
      </>
    );
  }

  return (
    <div className="ui-page">
      <div className="ui-container admin-page">
        <header className="admin-page__header">
          <h1 className="admin-page__title">
            <Trans>Account security</Trans>
          </h1>
          <p className="admin-page__intro">
            <Trans>Your admin account signs in with a code from an authenticator app. Recovery codes sign you in if you lose your phone.</Trans>
          </p>
        </header>
        <section className="ui-card admin-security" aria-labelledby="admin-recovery-codes">
          <h2 id="admin-recovery-codes" className="admin-security__title">
            <Trans>Recovery codes</Trans>
          </h2>
          {body}
        </section>
      </div>
    </div>
  );
}
