import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import type { TwoFactorEnrolment } from 'shared/contract';
import { FormAlert } from 'shared/forms';
import { AuthenticatorSetup, RecoveryCodes } from 'shared/two-factor';
import { SOMETHING_WENT_WRONG, Spinner } from 'shared/ui';
import { twoFactorApi } from './api/two-factor-api';

/**
 * An admin without a second factor, after their password: the authenticator
 * is set up here, its recovery codes shown once, and only then does the
 * first session open.
 */
export function AdminEnrolStep({
  challengeToken,
  onSignedIn,
  onRestart,
}: {
  challengeToken: string;
  onSignedIn: (accessToken: string) => Promise<void>;
  onRestart: () => void;
}) {
  const { t, i18n } = useLingui();
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<{ token: string; codes: string[] } | null>(null);

  useEffect(() => {
    let live = true;
    twoFactorApi.adminEnrolment(challengeToken).then(
      (answer) => live && setEnrolment(answer),
      (error: unknown) => live && setFailure(isApiError(error) ? error.message : i18n._(SOMETHING_WENT_WRONG)),
    );
    return () => {
      live = false;
    };
  }, [challengeToken, i18n]);

  if (failure) {
    return (
      <div className="auth-form">
        <FormAlert>{failure}</FormAlert>
        <button type="button" className="ui-button" onClick={onRestart}>
          <Trans>Start again</Trans>
        </button>
      </div>
    );
  }
  if (done) {
    return <RecoveryCodes codes={done.codes} onDone={() => void onSignedIn(done.token)} />;
  }
  if (!enrolment) return <Spinner label={t`Preparing your authenticator key…`} />;
  return (
    <AuthenticatorSetup
      enrolment={enrolment}
      onConfirm={async (code) => {
        const answer = await twoFactorApi.adminEnrolConfirm(challengeToken, code);
        setDone({ token: answer.access_token, codes: answer.recovery_codes });
      }}
      onCancel={onRestart}
    />
  );
}
