import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Money, notify } from 'shared/ui';
import { useFormatters } from '../common/reference';
import type { StatementEntry } from 'shared/contract';
import { downloadStatementCsv } from './api/statement';
import { openContractReceipt } from './api/payouts';
import { useEscrowLabels } from './escrow-labels';

/** Every movement of the escrow account, and the same as a CSV file for the client's records. */
export function StatementTable({ contractId, entries, currency }: { contractId: string; entries: StatementEntry[]; currency: string }) {
  const { t } = useLingui();
  const format = useFormatters();
  const labels = useEscrowLabels();
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadStatementCsv(contractId);
    } catch {
      notify.error(t`The statement could not be downloaded. Try again.`);
    } finally {
      setDownloading(false);
    }
  };

  const [opening, setOpening] = useState(false);
  const openPdf = async () => {
    setOpening(true);
    try {
      await openContractReceipt(contractId);
    } catch {
      notify.error(t`The statement could not be downloaded. Try again.`);
    } finally {
      setOpening(false);
    }
  };

  return (
    <section className="ui-card client-panel" aria-labelledby="escrow-statement-title">
      <div className="escrow-panel-head">
        <h2 id="escrow-statement-title">
          <Trans>Statement</Trans>
        </h2>
        <button type="button" className="ui-button ui-button--ghost" disabled={downloading || entries.length === 0} onClick={() => void download()}>
          {downloading ? t`Downloading…` : t`Download CSV`}
        </button>
        <button type="button" className="ui-button ui-button--ghost" disabled={opening || entries.length === 0} onClick={() => void openPdf()}>
          {opening ? t`Downloading…` : t`PDF statement`}
        </button>
      </div>
      {entries.length === 0 ? (
        <p className="client-muted">
          <Trans>No movement yet.</Trans>
        </p>
      ) : (
        <div className="escrow-table-wrap">
          <table className="escrow-table escrow-table--stack">
            <thead>
              <tr>
                <th scope="col">{t`Date`}</th>
                <th scope="col">{t`Movement`}</th>
                <th scope="col">{t`Milestone`}</th>
                <th scope="col" className="escrow-table__number">
                  {t`Amount`}
                </th>
                <th scope="col" className="escrow-table__number">
                  {t`Balance`}
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td data-label={t`Date`}>
                    <time dateTime={entry.at}>{format.date(entry.at)}</time>
                  </td>
                  <td data-label={t`Movement`}>{labels.entryKind(entry.kind)}</td>
                  <td data-label={t`Milestone`}>
                    {entry.milestone_position !== null ? `${entry.milestone_position}. ${entry.milestone_title ?? ''}` : '—'}
                  </td>
                  <td data-label={t`Amount`} className={`escrow-table__number ${entry.amount < 0 ? 'escrow-amount--out' : 'escrow-amount--in'}`}>
                    <Money amount={entry.amount} currency={currency} signed />
                  </td>
                  <td data-label={t`Balance`} className="escrow-table__number">
                    <Money amount={entry.balance} currency={currency} />
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
