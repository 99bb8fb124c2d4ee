import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { isApiError } from 'shared/api';
import { notify, SOMETHING_WENT_WRONG } from 'shared/ui';
import { authApi } from '../common/api/auth-api';
import { AuthLayout } from '../common/auth-layout';

function MailIcon() {
  return (
    <svg className="auth-notice__icon" viewBox="0 0 56 56" aria-hidden="true" focusable="false">
      <circle cx="28" cy="28" r="28" fill="#eaf0f8" />
      <rect x="13" y="18" width="30" height="21" rx="3" fill="#fff" stroke="#1f4e8c" strokeWidth="2.5" />
      <path d="M14 20l14 10 14-10" fill="none" stroke="#1f4e8c" strokeWidth="2.5" strokeLinejoin="round" />
      <circle cx="42" cy="38" r="7" fill="#e8772e" />
      <path d="M39 38l2 2 4-4" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * After sign-up: check your inbox, or have the e-mail sent again. The sign-up
 * answer is the same for an address that already has an account (its owner
 * gets an e-mail saying so), so the text covers both cases.
 */
export function VerifyEmailNotice({ email }: { email: string }) {
  const { t, i18n } = useLingui();
  const [sending, setSending] = useState(false);
  const titleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    titleRef.current?.focus();
  }, []);

  const resend = async () => {
    setSending(true);
    try {
      await authApi.resendVerification(email);
      notify.success(t`The email has been resent successfully.`);
    } catch (error) {
      notify.error(isApiError(error) && error.status === 429 ? error.message : i18n._(SOMETHING_WENT_WRONG));
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthLayout
      titleRef={titleRef}
      title={<Trans>Verify your email</Trans>}
      footer={
        <p>
          <Trans>
            Already verified? <Link to="/login">Sign in</Link>
          </Trans>
        </p>
      }
    >
      <div className="auth-notice">
        <MailIcon />
        <p>
          <Trans>
            We have sent an email to <strong>{email}</strong>. If this address is new to Fundament, open the link in it to activate your account; it
            is valid for 24 hours. If you already have an account with this address, the email explains how to sign in.
          </Trans>
        </p>
        <p>{t`Nothing in your inbox? Check your spam folder, or have the email sent again.`}</p>
        <button type="button" className="ui-button ui-button--ghost" onClick={resend} disabled={sending}>
          {sending ? t`Sending…` : t`Resend the email`}
        </button>
      </div>
    </AuthLayout>
  );
}
