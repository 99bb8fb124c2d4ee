import { useEffect } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from 'shared/api';
import { useForm } from 'shared/forms';
import { NewPasswordSchema } from 'shared/schemas';
import { notify } from 'shared/ui';
import { authApi } from '../common/api/auth-api';
import { PasswordField } from '../common/password-field';
import { AuthLayout } from '../common/auth-layout';

/** Opened from the reset e-mail; an invalid, used or expired link goes to /expired. */
export function ResetPasswordPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';

  useEffect(() => {
    if (!token) navigate('/expired', { replace: true });
  }, [token, navigate]);

  const form = useForm({
    initialValues: { password: '', password_confirmation: '' },
    schema: NewPasswordSchema,
    onError: (error) => {
      if (isApiError(error) && (error.status === 410 || (error.status === 422 && error.errors.token))) {
        navigate('/expired', { replace: true });
        return true;
      }
      return false;
    },
  });

  const submit = form.handleSubmit(async (values) => {
    await authApi.resetPassword({ token, ...values });
    notify.success(t`Your password has been changed. You can now sign in.`);
    navigate('/login', { replace: true });
  });

  return (
    <AuthLayout
      title={<Trans>Set a new password</Trans>}
      intro={<p>{t`Choose a new password for your account. You will then sign in with it.`}</p>}
      footer={
        <p>
          <Link to="/login">{t`Back to sign in`}</Link>
        </p>
      }
    >
      <form className="auth-form" ref={form.formRef} onSubmit={submit} noValidate>
        <PasswordField
          binding={form.field('password')}
          label={t`New password`}
          autoComplete="new-password"
          hint={t`At least 8 characters, with a number, a lowercase and an uppercase letter.`}
        />
        <PasswordField binding={form.field('password_confirmation')} label={t`Confirm password`} autoComplete="new-password" />
        <div className="auth-form__actions">
          <button type="submit" className="ui-button ui-button--accent" disabled={form.submitting}>
            {form.submitting ? t`Saving…` : t`Save the new password`}
          </button>
        </div>
      </form>
    </AuthLayout>
  );
}
