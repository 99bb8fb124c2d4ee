import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TwoFactorChallenge } from 'shared/contract';
import { isApiError } from 'shared/api';
import { FormAlert, TextField, useForm } from 'shared/forms';
import { SignInSchema } from 'shared/schemas';
import { adminSession, adminUserAtom, sessionStore } from 'shared/session';
import { CodeStep } from '../common/two-factor/code-step';
import { AdminEnrolStep } from '../common/two-factor/enrol-step';
import { isChallenge, twoFactorApi } from '../common/two-factor/api/two-factor-api';
import { useFinishAdminSignIn } from '../common/finish-sign-in';
import { PasswordField } from '../common/password-field';
import { AuthLayout } from '../common/auth-layout';

export function AdminLoginPage() {
  const { t } = useLingui();
  const finish = useFinishAdminSignIn();
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
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
    let answer;
    try {
      answer = await twoFactorApi.passwordStep('admin', credentials);
    } catch (error) {
      sessionStore.set(adminUserAtom, false);
      throw error;
    }
    if (isChallenge(answer)) {
      setChallenge(answer);
      return;
    }
    await adminSession.loginWithToken(answer.access_token);
    finish();
  });
  const signedIn = async (token: string) => {
    await adminSession.loginWithToken(token);
    finish();
  };

  if (challenge) {
    const enrol = challenge.two_factor === 'enrol';
    return (
      <AuthLayout
        variant="admin"
        title={enrol ? <Trans>Set up two-factor sign-in</Trans> : <Trans>Two-factor sign-in</Trans>}
        intro={<p>{challenge.message}</p>}
      >
        {enrol ? (
          <AdminEnrolStep challengeToken={challenge.challenge_token} onSignedIn={signedIn} onRestart={() => setChallenge(null)} />
        ) : (
          <CodeStep scope="admin" challengeToken={challenge.challenge_token} onSignedIn={signedIn} onRestart={() => setChallenge(null)} />
        )}
      </AuthLayout>
    );
  }

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
