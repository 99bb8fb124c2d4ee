import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { FormAlert, TextField, useForm } from 'shared/forms';
import { SignInSchema } from 'shared/schemas';
import { adminSession } from 'shared/session';
import { useFinishAdminSignIn } from '../common/finish-sign-in';
import { PasswordField } from '../common/password-field';
import { AuthLayout } from '../common/auth-layout';

export function AdminLoginPage() {
  const { t } = useLingui();
  const finish = useFinishAdminSignIn();
  const form = useForm({
    initialValues: { email: '', password: '' },
    schema: SignInSchema,
    onError: (error) => {
      if (isApiError(error) && [401, 403, 429].includes(error.status)) {
        form.setFormError(error.message);
        return true;
      }
      return false;
    },
  });

  const submit = form.handleSubmit(async (credentials) => {
    await adminSession.login(credentials);
    finish();
  });

  return (
    <AuthLayout
      variant="admin"
      title={<Trans>Admin sign in</Trans>}
      intro={<p>{t`For the Fundament team only. Client and specialist accounts sign in on the main page.`}</p>}
    >
      <form className="auth-form" ref={form.formRef} onSubmit={submit} noValidate>
        {form.formError && <FormAlert>{form.formError}</FormAlert>}
        <TextField binding={form.field('email')} label={t`Email`} type="email" autoComplete="username" inputMode="email" required />
        <PasswordField binding={form.field('password')} label={t`Password`} autoComplete="current-password" />
        <div className="auth-form__actions">
          <button type="submit" className="ui-button" disabled={form.submitting}>
            {form.submitting ? t`Signing in…` : t`Sign in`}
          </button>
        </div>
      </form>
    </AuthLayout>
  );
}
