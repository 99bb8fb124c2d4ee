import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TwoFactorChallenge } from 'shared/contract';
import { AuthLayout } from '../auth-layout';
import { browserHasPasskeys } from './api/passkey-api';
import { CodeStep } from './code-step';
import { PasskeyStep } from './passkey-step';

/**
 * The second step of a client sign-in, whatever came first (a password,
 * Google, a confirmed link): the authenticator app's code or a passkey, as
 * the account has them (both when the answer did not say).
 */
export function SecondFactorPage({
  challengeToken,
  methods = ['code', 'passkey'],
  onSignedIn,
  onRestart,
}: {
  challengeToken: string;
  methods?: TwoFactorChallenge['methods'];
  onSignedIn: (accessToken: string) => Promise<void>;
  onRestart: () => void;
}) {
  const { t } = useLingui();
  const hasCode = methods.includes('code');
  const hasPasskey = methods.includes('passkey') && browserHasPasskeys();
  const [passkey, setPasskey] = useState(!hasCode && hasPasskey);
  return (
    <AuthLayout title={<Trans>Two-factor sign-in</Trans>} intro={<p>{t`One more step to keep your account and its money safe.`}</p>}>
      {passkey ? (
        <PasskeyStep
          challengeToken={challengeToken}
          onSignedIn={onSignedIn}
          onRestart={onRestart}
          {...(hasCode ? { onUseCode: () => setPasskey(false) } : {})}
        />
      ) : (
        <CodeStep
          scope="client"
          challengeToken={challengeToken}
          onSignedIn={onSignedIn}
          onRestart={onRestart}
          {...(hasPasskey ? { onUsePasskey: () => setPasskey(true) } : {})}
        />
      )}
    </AuthLayout>
  );
}
