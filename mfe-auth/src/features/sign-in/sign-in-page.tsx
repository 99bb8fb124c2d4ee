import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { TwoFactorChallenge } from 'shared/contract';
import { isApiError } from 'shared/api';
import { FormAlert, TextField, useForm } from 'shared/forms';
import { SignInSchema } from 'shared/schemas';
import { clientSession, clientUserAtom, sessionStore } from 'shared/session';
import { SecondFactorPage } from '../common/two-factor/second-factor-page';
import { isChallenge, twoFactorApi } from '../common/two-factor/api/two-factor-api';
import { useFinishClientSignIn } from '../common/finish-sign-in';
import { PasswordField } from '../common/password-field';
import { AuthLayout } from '../common/auth-layout';
import { PasskeySignIn } from './passkey-sign-in';
import { SocialButtons } from './social-buttons';

export function SignInPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const finish = useFinishClientSignIn();
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const form = useForm({
    initialValues: { email: '', password: '' },
    schema: SignInSchema,
    onError: (error) => {
      if (!isApiError(error)) return false;
      if (error.status === 403 && error.code === 'email_unverified') {
        navigate('/sign-up', { state: { verifyEmail: form.values.email.trim() } });
        return true;
      }
      // Wrong credentials, a suspended account, too many attempts: the server's own (translated) words.
      if (error.status === 401 || error.status === 403 || error.status === 429) {
        form.setFormError(error.message);
        return true;
      }
      return false;
    },
  });

  const submit = form.handleSubmit(async (credentials) => {
    let answer;
    try {
      answer = await twoFactorApi.passwordStep('client', credentials);
    } catch (error) {
      // A failed sign-in leaves the visitor signed out (spec §6).
      sessionStore.set(clientUserAtom, false);
      throw error;
    }
    if (isChallenge(answer)) {
      setChallenge(answer);
      return;
    }
    await clientSession.loginWithToken(answer.access_token);
    finish();
  });

  if (challenge) {
    return (
      <SecondFactorPage
        challengeToken={challenge.challenge_token}
        methods={challenge.methods}
        onSignedIn={async (token) => {
          await clientSession.loginWithToken(token);
          finish();
        }}
        onRestart={() => setChallenge(null)}
      />
    );
  }

  return (
    <AuthLayout
      title={<Trans>Sign in</Trans>}
      intro={<p>{t`Welcome back. Sign in to follow your projects and payments.`}</p>}
      footer={
        <p>
          <Trans>
            New to Fundament? <Link to="/sign-up">Create an account</Link>
          </Trans>
        </p>
      }
    >
      <form className="auth-form" ref={form.formRef} onSubmit={submit} noValidate>
        {form.formError && <FormAlert>{form.formError}</FormAlert>}
        <TextField binding={form.field('email')} label={t`Email`} type="email" autoComplete="email" inputMode="email" required />
        <PasswordField binding={form.field('password')} label={t`Password`} autoComplete="current-password" />
        <Link className="auth-form__inline-link" to="/forgot-password">
          {t`Forgot your password?`}
        </Link>
        <div className="auth-form__actions">
          <button type="submit" className="ui-button ui-button--accent" disabled={form.submitting}>
            {form.submitting ? t`Signing in…` : t`Sign in`}
          </button>
        </div>
      </form>
      <PasskeySignIn
        onSignedIn={async (token) => {
          await clientSession.loginWithToken(token);
          finish();
        }}
        onError={(message) => form.setFormError(message)}
      />
      <SocialButtons />
    </AuthLayout>
  );
}
