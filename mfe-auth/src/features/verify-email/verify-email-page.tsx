import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from 'shared/api';
import { clientSession } from 'shared/session';
import { Spinner } from 'shared/ui';
import { useFinishClientSignIn } from '../common/finish-sign-in';
import { authApi } from '../common/api/auth-api';
import { oncePerKey } from '../common/once-per-key';
import { AuthLayout } from '../common/auth-layout';

type Status = 'verifying' | 'verified' | 'failed';

/**
 * Opened from the verification e-mail: confirms the token and signs the person in (the answer carries a
 * session), then opens the page they were going to; forwards to /expired when the link is no longer valid.
 */
export function VerifyEmailPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [status, setStatus] = useState<Status>('verifying');
  const finish = useFinishClientSignIn();

  useEffect(() => {
    if (!token) {
      navigate('/expired', { replace: true });
      return;
    }
    let active = true;
    oncePerKey(`verify:${token}`, async () => {
      const answer = await authApi.verifyEmail(token);
      // Signed in at once; a session that cannot be loaded leaves the verified notice and its sign-in link.
      if (answer.access_token)
        return clientSession.loginWithToken(answer.access_token).then(
          () => true,
          () => false,
        );
      return false;
    }).then(
      (signedIn) => {
        if (!active) return;
        if (signedIn) finish();
        else setStatus('verified');
      },
      (error: unknown) => {
        if (!active) return;
        if (isApiError(error) && (error.status === 410 || error.status === 404 || error.status === 422)) {
          navigate('/expired', { replace: true });
        } else {
          setStatus('failed');
        }
      },
    );
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- finish only navigates; the call is made once per token.
  }, [token, navigate]);

  if (status === 'verifying') {
    return (
      <AuthLayout title={<Trans>Verifying your email…</Trans>}>
        <div role="status" className="auth-status">
          <Spinner />
        </div>
      </AuthLayout>
    );
  }

  if (status === 'failed') {
    return (
      <AuthLayout title={<Trans>We could not verify your email</Trans>}>
        <div className="auth-notice" role="alert">
          <p>{t`Something went wrong. Please open the link from the email again in a moment.`}</p>
          <Link className="ui-button ui-button--ghost" to="/login">
            {t`Back to sign in`}
          </Link>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={<Trans>Your email is verified</Trans>}>
      <div className="auth-notice" role="status">
        <p>{t`Thank you. Your account is active: you can now sign in.`}</p>
        <Link className="ui-button ui-button--accent" to="/login">
          {t`Sign in`}
        </Link>
      </div>
    </AuthLayout>
  );
}
