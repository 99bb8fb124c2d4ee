import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from 'shared/query';
import { Trans, useLingui } from '@lingui/react/macro';
import { STATEMENT_MESSAGES } from 'shared/messages';
import { Money, notify, SOMETHING_WENT_WRONG, Spinner } from 'shared/ui';
import { escrowCalls } from '../common/api/escrow-api';
import { formatDateTime } from '../common/format';
import { LoadError } from '../common/load-error';
import { saveBlob } from '../common/save-blob';

/** Every movement on the contract's escrow account with the balance after it, and the same as a CSV file. */
export function StatementSection({ contractId }: { contractId: string }) {
  const { t, i18n } = useLingui();
  const statement = useQuery({
    queryKey: queryKeys.admin.escrow.statement(contractId),
    queryFn: ({ signal }) => escrowCalls.statement(contractId, signal),
  });
  const [downloading, setDownloading] = useState(false);

  const downloadCsv = async () => {
    setDownloading(true);
    try {
      saveBlob(await escrowCalls.statementCsv(contractId), `statement-${contractId}.csv`);
    } catch {
      notify.error(t(SOMETHING_WENT_WRONG));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section className="admin-results" aria-labelledby="contract-statement">
      <div className="admin-user__header">
        <h2 id="contract-statement" className="admin-section-title">
          <Trans>Statement</Trans>
        </h2>
        <button type="button" className="ui-button ui-button--ghost" onClick={downloadCsv} disabled={downloading}>
          <Trans>Download CSV</Trans>
        </button>
      </div>
      {statement.error ? (
        <LoadError error={statement.error} onRetry={() => void statement.refetch()} />
      ) : !statement.data ? (
        <Spinner />
      ) : statement.data.entries.length === 0 ? (
        <div className="admin-state">
          <p>
            <Trans>No money has moved on this contract yet.</Trans>
          </p>
        </div>
      ) : (
        <div className="admin-table-scroll" role="region" aria-label={t`Statement`} tabIndex={0}>
          <table className="admin-table admin-table--stack">
            <caption className="ui-visually-hidden">
              <Trans>Statement of the escrow account</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Date</Trans>
                </th>
                <th scope="col">
                  <Trans>Entry</Trans>
                </th>
                <th scope="col">
                  <Trans>Milestone</Trans>
                </th>
                <th scope="col" className="admin-table__number">
                  <Trans>Amount</Trans>
                </th>
                <th scope="col" className="admin-table__number">
                  <Trans>Balance</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {statement.data.entries.map((entry) => (
                <tr key={entry.id}>
                  <td data-label={t`Date`}>{formatDateTime(entry.at, i18n.locale)}</td>
                  <th scope="row">{t(STATEMENT_MESSAGES[entry.kind])}</th>
                  <td data-label={t`Milestone`}>
                    {entry.milestone_position !== null ? `${entry.milestone_position}. ${entry.milestone_title ?? ''}` : '—'}
                  </td>
                  <td data-label={t`Amount`} className={`admin-table__number ${entry.amount < 0 ? 'admin-amount--out' : 'admin-amount--in'}`}>
                    <Money amount={entry.amount} currency={statement.data!.currency} signed />
                  </td>
                  <td data-label={t`Balance`} className="admin-table__number">
                    <Money amount={entry.balance} currency={statement.data!.currency} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
