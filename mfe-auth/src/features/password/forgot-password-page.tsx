import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { isApiError } from 'shared/api';
import { FormAlert, TextField, useForm } from 'shared/forms';
import { ForgotPasswordSchema } from 'shared/schemas';
import { authApi } from '../common/api/auth-api';
import { AuthLayout } from '../common/auth-layout';

export function ForgotPasswordPage() {
  const { t } = useLingui();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    schema: ForgotPasswordSchema,
    onError: (error) => {
      if (isApiError(error) && error.status === 429) {
        form.setFormError(error.message);
        return true;
      }
      return false;
    },
  });

  const submit = form.handleSubmit(async ({ email }) => {
    await authApi.forgotPassword(email);
    setSentTo(email);
  });

  const footer = (
    <p>
      <Trans>
        Remembered it? <Link to="/login">Sign in</Link>
      </Trans>
    </p>
  );

  if (sentTo) {
    return (
      <AuthLayout title={<Trans>Check your inbox</Trans>} footer={footer}>
        <div className="auth-notice" role="status">
          <p>
            <Trans>
              If an account exists for <strong>{sentTo}</strong>, we have sent it a link to choose a new password. The link is valid for one hour.
            </Trans>
          </p>
          <button type="button" className="ui-button ui-button--ghost" onClick={() => setSentTo(null)}>
            {t`Use another email address`}
          </button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={<Trans>Forgot your password?</Trans>}
      intro={<p>{t`Enter the email address of your account and we will send you a link to choose a new password.`}</p>}
      footer={footer}
    >
      <form className="auth-form" ref={form.formRef} onSubmit={submit} noValidate>
        {form.formError && <FormAlert>{form.formError}</FormAlert>}
        <TextField binding={form.field('email')} label={t`Email`} type="email" autoComplete="email" inputMode="email" required />
        <div className="auth-form__actions">
          <button type="submit" className="ui-button ui-button--accent" disabled={form.submitting}>
            {form.submitting ? t`Sending…` : t`Send reset email`}
          </button>
        </div>
      </form>
    </AuthLayout>
  );
}
