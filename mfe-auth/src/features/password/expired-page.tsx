import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { AuthLayout } from '../common/auth-layout';

/** Where a used or out-of-date e-mail link lands. */
export function ExpiredPage() {
  const { t } = useLingui();
  return (
    <AuthLayout title={<Trans>This link has expired</Trans>}>
      <div className="auth-notice">
        <p>{t`The links in our emails work once and for a limited time. This one has already been used or is too old.`}</p>
        <p>{t`To verify your email address, sign in: we will offer to send you a new link. To choose a new password, ask for a new reset email.`}</p>
        <Link className="ui-button ui-button--accent" to="/login">
          {t`Sign in`}
        </Link>
        <Link className="ui-button ui-button--ghost" to="/forgot-password">
          {t`Ask for a new reset email`}
        </Link>
      </div>
    </AuthLayout>
  );
}
