import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { escrowCalls } from '../common/api/escrow-api';
import type { LedgerCheck } from 'shared/contract';
import { formatDateTime } from '../common/format';
import { serverMessage } from '../common/server-message';

/** Runs the server's consistency checks of the escrow ledger on demand and lists what each found. */
export function LedgerCheckPanel() {
  const { t, i18n } = useLingui();
  const [result, setResult] = useState<LedgerCheck | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [running, setRunning] = useState(false);

  const run = async () => {
    setRunning(true);
    setFailure(null);
    try {
      setResult(await escrowCalls.ledgerCheck());
    } catch (error) {
      setResult(null);
      setFailure(serverMessage(error) ?? t`The ledger check could not run. Please try again.`);
    } finally {
      setRunning(false);
    }
  };

  const failed = result ? result.checks.filter((check) => !check.ok).length : 0;
  const total = result?.checks.length ?? 0;
  const checkedAt = formatDateTime(result?.checked_at, i18n.locale);
  const accounts = result?.accounts ?? 0;
  const transfers = result?.transfers ?? 0;

  return (
    <section className="ui-card admin-ledger" aria-labelledby="ledger-check-title">
      <div className="admin-ledger__header">
        <div>
          <h2 id="ledger-check-title" className="admin-section-title">
            <Trans>Ledger check</Trans>
          </h2>
          <p className="admin-muted">
            <Trans>Checks that every amount in escrow is accounted for: balances, transfers and what each contract holds.</Trans>
          </p>
        </div>
        <button type="button" className="ui-button" onClick={run} disabled={running}>
          {running ? t`Checking…` : result ? t`Run the check again` : t`Run the ledger check`}
        </button>
      </div>
      {/* Only the verdict is announced; the list of checks is there to be read at the admin's pace. */}
      <div aria-live="polite">
        {failure && <p className="admin-notice admin-notice--danger">{failure}</p>}
        {result && (
          <p className={`admin-notice ${result.ok ? 'admin-notice--success' : 'admin-notice--danger'}`}>
            <strong>
              {result.ok ? (
                <Trans>The ledger is consistent: all {total} checks passed.</Trans>
              ) : (
                <Trans>
                  The ledger is not consistent: {failed} of {total} checks failed.
                </Trans>
              )}
            </strong>{' '}
            <Trans>
              Checked {checkedAt} across {accounts} accounts and {transfers} transfers.
            </Trans>
          </p>
        )}
      </div>
      {result && (
        <ul className="admin-ledger__checks" aria-label={t`Checks`}>
          {result.checks.map((check) => (
            <li key={check.name} className={`admin-ledger__check admin-ledger__check--${check.ok ? 'ok' : 'failed'}`}>
              <span className={`admin-outcome admin-outcome--${check.ok ? 'passed' : 'failed'}`}>
                {check.ok ? <Trans>Pass</Trans> : <Trans>Fail</Trans>}
              </span>
              <span className="admin-ledger__name">{check.name}</span>
              {check.detail && <span className="admin-ledger__detail">{check.detail}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
