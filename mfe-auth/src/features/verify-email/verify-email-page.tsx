import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from 'shared/api';
import { Spinner } from 'shared/ui';
import { authApi } from '../common/api/auth-api';
import { oncePerKey } from '../common/once-per-key';
import { AuthLayout } from '../common/auth-layout';

type Status = 'verifying' | 'verified' | 'failed';

/** Opened from the verification e-mail: confirms the token, or forwards to /expired when it is no longer valid. */
export function VerifyEmailPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [status, setStatus] = useState<Status>('verifying');

  useEffect(() => {
    if (!token) {
      navigate('/expired', { replace: true });
      return;
    }
    let active = true;
    oncePerKey(`verify:${token}`, () => authApi.verifyEmail(token)).then(
      () => active && setStatus('verified'),
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
