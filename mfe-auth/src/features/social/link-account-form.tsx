import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import * as v from 'valibot';
import { isApiError } from 'shared/api';
import { FormAlert, useForm } from 'shared/forms';
import { SignInSchema } from 'shared/schemas';
import { notify, SOMETHING_WENT_WRONG } from 'shared/ui';
import type { SocialLinkRequired } from 'shared/contract';
import { authApi, needsSecondFactor } from '../common/api/auth-api';
import { SecondFactorPage } from '../common/two-factor/second-factor-page';
import { PasswordField } from '../common/password-field';
import { AuthLayout } from '../common/auth-layout';

/** Only the password of the sign-in form, with its messages. */
const PasswordSchema = v.pick(SignInSchema, ['password']);

interface LinkAccountFormProps {
  /** "Google" or "Facebook". */
  providerName: string;
  request: SocialLinkRequired;
  /** Called with the session token once the provider is linked. */
  onSignedIn: (token: string) => Promise<void>;
}

/**
 * A verified account already uses the provider's address. Its owner confirms
 * with the account's password, or through a link mailed to the address;
 * until then nothing is linked and nobody is signed in.
 */
export function LinkAccountForm({ providerName, request, onSignedIn }: LinkAccountFormProps) {
  const { t, i18n } = useLingui();
  const [expired, setExpired] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  const [mailNotice, setMailNotice] = useState<string | null>(null);
  const [mailing, setMailing] = useState(false);
  const email = request.email;

  const form = useForm({
    initialValues: { password: '' },
    schema: PasswordSchema,
    onError: (error) => {
      if (!isApiError(error)) return false;
      if (error.status === 410) {
        setExpired(true);
        return true;
      }
      // Wrong password, too many attempts: the server's own (translated) words.
      if (error.status === 401 || error.status === 403 || error.status === 429) {
        form.setFormError(error.message);
        return true;
      }
      return false;
    },
  });

  const submit = form.handleSubmit(async ({ password }) => {
    const answer = await authApi.linkWithPassword(request.link_token, password);
    if (needsSecondFactor(answer)) {
      setChallenge(answer.challenge_token);
      return;
    }
    await onSignedIn(answer.access_token);
  });

  const sendMail = async () => {
    setMailing(true);
    try {
      const { message } = await authApi.sendLinkEmail(request.link_token);
      setMailNotice(message);
    } catch (error) {
      if (isApiError(error) && error.status === 410) setExpired(true);
      else notify.error(isApiError(error) && error.status > 0 && error.status < 500 ? error.message : i18n._(SOMETHING_WENT_WRONG));
    } finally {
      setMailing(false);
    }
  };

  if (challenge) {
    return <SecondFactorPage challengeToken={challenge} onSignedIn={onSignedIn} onRestart={() => setExpired(true)} />;
  }

  if (expired) {
    return (
      <AuthLayout title={<Trans>This request has expired</Trans>}>
        <div className="auth-notice" role="alert">
          <p>{t`Please sign in with ${providerName} again, or sign in with your password.`}</p>
          <Link className="ui-button ui-button--accent" to="/login">
            {t`Back to sign in`}
          </Link>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={<Trans>Link {providerName} to your account</Trans>}
      intro={<p>{t`An account already uses ${email}. To keep it safe, confirm that it is yours before ${providerName} can sign you in to it.`}</p>}
    >
      {request.can_use_password && (
        <form className="auth-form" ref={form.formRef} onSubmit={submit} noValidate>
          {form.formError && <FormAlert>{form.formError}</FormAlert>}
          <PasswordField binding={form.field('password')} label={t`Password of your Fundament account`} autoComplete="current-password" />
          <div className="auth-form__actions">
            <button type="submit" className="ui-button ui-button--accent" disabled={form.submitting}>
              {form.submitting ? t`Linking…` : t`Link and sign in`}
            </button>
          </div>
        </form>
      )}
      {request.can_use_password && <p className="auth-divider">{t`or`}</p>}
      {mailNotice ? (
        <p className="auth-notice" role="status">
          {mailNotice} {t`Open it on this or any device to finish signing in.`}
        </p>
      ) : (
        <div className="auth-social">
          <button type="button" className="ui-button ui-button--ghost" disabled={mailing} onClick={sendMail}>
            {t`Email me a confirmation link`}
          </button>
        </div>
      )}
    </AuthLayout>
  );
}
