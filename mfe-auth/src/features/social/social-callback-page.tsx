import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearchParams } from 'react-router-dom';
import { clientSession } from 'shared/session';
import { notify, Spinner } from 'shared/ui';
import type { SocialLinkRequired, TwoFactorChallenge } from 'shared/contract';
import { authApi, isLinkRequired, needsSecondFactor } from '../common/api/auth-api';
import { SecondFactorPage } from '../common/two-factor/second-factor-page';
import { useFinishClientSignIn } from '../common/finish-sign-in';
import { oncePerKey } from '../common/once-per-key';
import { AuthLayout } from '../common/auth-layout';
import { LinkAccountForm } from './link-account-form';

/** Where Google or Facebook send the visitor back: trade the code for our token, then sign in as usual. */
export function SocialCallbackPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const finish = useFinishClientSignIn();
  const [failed, setFailed] = useState(false);
  const [linkRequest, setLinkRequest] = useState<SocialLinkRequired | null>(null);
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const signedIn = async (token: string) => {
    await clientSession.loginWithToken(token);
    finish();
  };
  const provider = params.get('provider') ?? '';
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  const providerName = provider === 'facebook' ? 'Facebook' : provider === 'google' ? 'Google' : provider;

  useEffect(() => {
    // The provider sends `error` instead of a code when consent was refused.
    if (!provider || !code || !state || params.get('error')) {
      setFailed(true);
      return;
    }
    let active = true;
    oncePerKey(`social:${state}`, async () => {
      const answer = await authApi.socialCallback({ provider, code, state });
      if (isLinkRequired(answer) || needsSecondFactor(answer)) return answer;
      await clientSession.loginWithToken(answer.access_token);
      return answer;
    }).then(
      (answer) => {
        if (!active) return;
        if (isLinkRequired(answer)) {
          setLinkRequest(answer);
          return;
        }
        if (needsSecondFactor(answer)) {
          setChallenge(answer);
          return;
        }
        // Someone had signed up with this address without confirming it; their password no longer opens the account.
        if (answer.password_removed) {
          notify.success(
            t`Welcome! This address had an unconfirmed account; its earlier password was removed. Choose a new one with “Forgot your password?” if you want one.`,
          );
        }
        finish();
      },
      () => active && setFailed(true),
    );
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- finish only navigates; the call is made once per state value.
  }, [provider, code, state]);

  if (challenge) {
    return (
      <SecondFactorPage
        challengeToken={challenge.challenge_token}
        methods={challenge.methods}
        onSignedIn={signedIn}
        onRestart={() => setFailed(true)}
      />
    );
  }

  if (linkRequest) {
    return <LinkAccountForm providerName={providerName} request={linkRequest} onSignedIn={signedIn} />;
  }

  if (failed) {
    return (
      <AuthLayout title={<Trans>Sign-in did not work</Trans>}>
        <div className="auth-notice" role="alert">
          <p>
            {providerName
              ? t`We could not sign you in with ${providerName}. The sign-in may have been cancelled or may have expired.`
              : t`We could not sign you in. The sign-in may have been cancelled or may have expired.`}
          </p>
          <Link className="ui-button ui-button--accent" to="/login">
            {t`Back to sign in`}
          </Link>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={<Trans>Signing you in…</Trans>}>
      <div role="status" className="auth-status">
        <Spinner />
      </div>
    </AuthLayout>
  );
}
