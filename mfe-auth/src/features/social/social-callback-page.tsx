import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearchParams } from 'react-router-dom';
import { clientSession } from 'shared/session';
import { Spinner } from 'shared/ui';
import { authApi } from '../api/auth-api';
import { useFinishClientSignIn } from '../forms/finish-sign-in';
import { oncePerKey } from '../forms/once-per-key';
import { AuthLayout } from '../layout/auth-layout';

/** Where Google or Facebook send the visitor back: trade the code for our token, then sign in as usual. */
export function SocialCallbackPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const finish = useFinishClientSignIn();
  const [failed, setFailed] = useState(false);
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
      const { access_token: token } = await authApi.socialCallback({ provider, code, state });
      await clientSession.loginWithToken(token);
    }).then(
      () => active && finish(),
      () => active && setFailed(true),
    );
    return () => {
      active = false;
    };
    // finish only navigates; the call is made once per state value.
  }, [provider, code, state]);

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
