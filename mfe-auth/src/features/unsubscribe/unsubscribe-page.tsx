import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearchParams } from 'react-router-dom';
import { isApiError } from 'shared/api';
import type { UnsubscribeState } from 'shared/contract';
import { EMAIL_CATEGORY_LABELS, EMAIL_PREFERENCE_MESSAGES } from 'shared/messages';
import { SOMETHING_WENT_WRONG, Spinner } from 'shared/ui';
import { authApi } from '../common/api/auth-api';
import { AuthLayout } from '../common/auth-layout';

type Step =
  | { kind: 'loading' }
  | { kind: 'invalid'; message: string }
  | { kind: 'failed' }
  | { kind: 'ready'; state: UnsubscribeState; saving: boolean; changed: boolean };

/**
 * Opened from the footer of an e-mail that can be turned off. Opening the
 * link changes nothing (mail scanners open links too): the person confirms
 * with the button, and can undo it here. No sign-in: the signed link is
 * enough. Mail clients' own "Unsubscribe" buttons POST to the API directly.
 */
export function UnsubscribePage() {
  const { t, i18n } = useLingui();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const titleRef = useRef<HTMLHeadingElement>(null);

  const problem = (error: unknown): Step =>
    isApiError(error) && (error.status === 404 || error.status === 422) ? { kind: 'invalid', message: error.message } : { kind: 'failed' };

  useEffect(() => {
    let active = true;
    if (!token) {
      setStep({ kind: 'invalid', message: i18n._(EMAIL_PREFERENCE_MESSAGES.unsubscribeInvalid) });
      return;
    }
    authApi.unsubscribeState(token).then(
      (state) => active && setStep({ kind: 'ready', state, saving: false, changed: false }),
      (error: unknown) => active && setStep(problem(error)),
    );
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one look per token; `i18n` only words the missing-token case.
  }, [token]);

  const act = async (enabled: boolean) => {
    if (step.kind !== 'ready') return;
    setStep({ ...step, saving: true });
    try {
      const state = await (enabled ? authApi.resubscribe(token) : authApi.unsubscribe(token));
      setStep({ kind: 'ready', state, saving: false, changed: true });
      titleRef.current?.focus();
    } catch (error) {
      setStep(problem(error));
    }
  };

  if (step.kind === 'loading') {
    return (
      <AuthLayout title={<Trans>E-mail settings</Trans>}>
        <div role="status" className="auth-status" aria-label={t`Loading`}>
          <Spinner />
        </div>
      </AuthLayout>
    );
  }

  if (step.kind === 'invalid' || step.kind === 'failed') {
    return (
      <AuthLayout title={<Trans>We could not read this link</Trans>}>
        <div className="auth-notice" role="alert">
          <p>{step.kind === 'invalid' ? step.message : i18n._(SOMETHING_WENT_WRONG)}</p>
          <Link className="ui-button ui-button--ghost" to="/login">
            {t`Sign in`}
          </Link>
        </div>
      </AuthLayout>
    );
  }

  const label = i18n._(EMAIL_CATEGORY_LABELS[step.state.category]);
  const { enabled } = step.state;
  const title = !enabled ? (
    <Trans>You are unsubscribed from “{label}”</Trans>
  ) : step.changed ? (
    <Trans>You are subscribed to “{label}” again</Trans>
  ) : (
    <Trans>Stop e-mails about “{label}”?</Trans>
  );
  return (
    <AuthLayout titleRef={titleRef} title={title}>
      <div className="auth-notice" role="status" aria-live="polite">
        {enabled ? (
          <>
            <p>
              {step.changed
                ? t`You will get these e-mails again.`
                : t`We will stop e-mailing you about this. You still see it in your notifications, and e-mails about your account and payments are always sent.`}
            </p>
            {step.changed ? null : (
              <button type="button" className="ui-button ui-button--accent" disabled={step.saving} onClick={() => void act(false)}>
                {step.saving ? t`Saving…` : t`Unsubscribe`}
              </button>
            )}
          </>
        ) : (
          <>
            <p>{t`We will no longer e-mail you about this. You can turn it back on here or in your settings at any time.`}</p>
            <button type="button" className="ui-button ui-button--ghost" disabled={step.saving} onClick={() => void act(true)}>
              {step.saving ? t`Saving…` : t`Subscribe again`}
            </button>
          </>
        )}
      </div>
    </AuthLayout>
  );
}
