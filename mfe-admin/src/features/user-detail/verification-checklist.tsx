import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { notify, SOMETHING_WENT_WRONG } from 'shared/ui';
import { adminCalls } from '../common/api/admin-api';
import type { UserDetail } from 'shared/contract';
import { CHECK_TITLES } from '../common/labels';
import { CheckCard } from './check-card';

interface VerificationChecklistProps {
  user: UserDetail;
  verification: NonNullable<UserDetail['verification']>;
  onChange: (detail: UserDetail) => void;
}

/** The four checks and the Verify button, which waits until every check has passed. */
export function VerificationChecklist({ user, verification, onChange }: VerificationChecklistProps) {
  const { t } = useLingui();
  const id = useId();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const missing = verification.checks.filter((check) => check.outcome !== 'passed');
  const passedCount = verification.checks.length - missing.length;
  const total = verification.checks.length;
  const missingList = missing.map((check) => t(CHECK_TITLES[check.kind])).join(', ');

  const verify = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      onChange(await adminCalls.verify(user.id));
      notify.success(t`The specialist is verified.`);
    } catch (error) {
      if (isApiError(error) && error.status === 409) setRefusal(error.message);
      else notify.error(isApiError(error) && error.kind === 'http' && error.status < 500 ? error.message : t(SOMETHING_WENT_WRONG));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="admin-verification" aria-labelledby={`${id}-title`}>
      <div className="admin-verification__header">
        <div>
          <h2 id={`${id}-title`} className="admin-section-title">
            <Trans>Verification</Trans>
          </h2>
          <p className="admin-muted">
            <Trans>
              {passedCount} of {total} checks passed
            </Trans>
          </p>
        </div>
        {!user.verified && (
          <div className="admin-verification__action">
            <button
              type="button"
              className="ui-button ui-button--accent"
              disabled={missing.length > 0 || busy}
              aria-describedby={`${id}-why`}
              onClick={verify}
            >
              <Trans>Verify</Trans>
            </button>
            <p id={`${id}-why`} className="admin-verification__why" role={refusal ? 'alert' : undefined}>
              {refusal ??
                (missing.length > 0 ? (
                  <Trans>Verify is available once every check has passed. Still needed: {missingList}.</Trans>
                ) : (
                  <Trans>Every check has passed.</Trans>
                ))}
            </p>
          </div>
        )}
      </div>
      <div className="admin-checks">
        {verification.checks.map((check) => (
          <CheckCard key={check.kind} userId={user.id} check={check} onChange={onChange} />
        ))}
      </div>
    </section>
  );
}
