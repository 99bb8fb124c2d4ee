import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearchParams } from 'react-router-dom';
import { isApiError } from 'shared/api';
import { clientSession } from 'shared/session';
import { Spinner } from 'shared/ui';
import { authApi, needsSecondFactor } from '../common/api/auth-api';
import { SecondFactorPage } from '../common/two-factor/second-factor-page';
import { useFinishClientSignIn } from '../common/finish-sign-in';
import { oncePerKey } from '../common/once-per-key';
import { AuthLayout } from '../common/auth-layout';

type Status = 'linking' | 'expired' | 'failed';

/** Opened from the e-mail that confirms a Google or Facebook sign-in for an existing account: links it and signs in. */
export function LinkAccountPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const finish = useFinishClientSignIn();
  const token = params.get('token') ?? '';
  const [status, setStatus] = useState<Status>(token ? 'linking' : 'expired');
  const [challenge, setChallenge] = useState<string | null>(null);

  useEffect(() => {
    if (!token) return;
    let active = true;
    oncePerKey(`link:${token}`, async () => {
      const answer = await authApi.confirmLinkEmail(token);
      if (needsSecondFactor(answer)) return answer.challenge_token;
      await clientSession.loginWithToken(answer.access_token);
      return null;
    }).then(
      (pending) => {
        if (!active) return;
        if (pending) setChallenge(pending);
        else finish();
      },
      (error: unknown) => {
        if (!active) return;
        setStatus(isApiError(error) && (error.status === 410 || error.status === 422) ? 'expired' : 'failed');
      },
    );
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- finish only navigates; the call is made once per token.
  }, [token]);

  if (challenge) {
    return (
      <SecondFactorPage
        challengeToken={challenge}
        onSignedIn={async (session) => {
          await clientSession.loginWithToken(session);
          finish();
        }}
        onRestart={() => setStatus('expired')}
      />
    );
  }

  if (status === 'linking') {
    return (
      <AuthLayout title={<Trans>Signing you in…</Trans>}>
        <div role="status" className="auth-status">
          <Spinner />
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={status === 'expired' ? <Trans>This link has expired</Trans> : <Trans>Sign-in did not work</Trans>}>
      <div className="auth-notice" role="alert">
        <p>
          {status === 'expired'
            ? t`This link has expired or has already been used. Sign in with the provider again to get a new one.`
            : t`Something went wrong. Please open the link from the email again in a moment.`}
        </p>
        <Link className="ui-button ui-button--accent" to="/login">
          {t`Back to sign in`}
        </Link>
      </div>
    </AuthLayout>
  );
}
