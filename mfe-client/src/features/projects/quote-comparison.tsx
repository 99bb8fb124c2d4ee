import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { ESCROW_API_MESSAGES } from 'shared/messages';
import { Money, notify, SOMETHING_WENT_WRONG } from 'shared/ui';
import { useFormatters, useReferenceNames } from '../common/reference';
import type { QuoteSelection, QuoteView } from 'shared/contract';
import { selectQuote } from './api/select-quote';
import { ConfirmBox } from './confirm-box';
import { MessageButton } from '../common/conversation-links';

interface QuoteComparisonProps {
  projectId: string;
  quotes: QuoteView[];
  open: boolean;
  onSelected: (selection: QuoteSelection) => void;
}

/** The owner's side-by-side view: columns on wide screens, stacked cards on a phone. */
export function QuoteComparison({ projectId, quotes, open, onSelected }: QuoteComparisonProps) {
  const { t, i18n } = useLingui();
  const format = useFormatters();
  const names = useReferenceNames();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = async (quote: QuoteView) => {
    setBusy(true);
    try {
      const selection = await selectQuote(projectId, quote.id);
      // The name the quote card shows: the company when there is one.
      const who = quote.specialist.company || quote.specialist.name;
      notify.success(t`You selected ${who}. The contract is signed.`);
      onSelected(selection);
    } catch (error) {
      notify.error(isApiError(error) && error.status === 409 ? error.message : i18n._(SOMETHING_WENT_WRONG));
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  return (
    <section className="client-panel client-quotes" aria-labelledby="client-quotes-title">
      <h2 id="client-quotes-title">
        <Trans>Quotes</Trans> <span className="client-count">{quotes.length}</span>
      </h2>
      {quotes.length === 0 ? (
        <div className="ui-card client-state">
          <p>
            <Trans>No quotes yet. Matching specialists have been told about your project; you can also invite some yourself.</Trans>
          </p>
        </div>
      ) : (
        <ul className="client-quotes__list">
          {quotes.map((quote) => {
            const amount = format.money(quote.amount, quote.currency);
            const who = quote.specialist.company || quote.specialist.name;
            return (
              <li key={quote.id} className={`ui-card client-quote client-quote--${quote.status}`}>
                <article aria-label={t`Quote from ${who}`}>
                  <header className="client-quote__header">
                    <h3>{who}</h3>
                    {quote.specialist.company && <p className="client-muted">{quote.specialist.name}</p>}
                    <p className="client-muted">
                      {names.kind(quote.specialist.kind)}
                      {quote.specialist.verified && (
                        <>
                          {' · '}
                          <Trans>Verified</Trans>
                        </>
                      )}
                    </p>
                    {quote.status !== 'submitted' && <QuoteStatus status={quote.status} />}
                    {quote.status === 'submitted' && quote.specialist.available === false && (
                      <p className="ui-form-alert" role="note">
                        {i18n._(ESCROW_API_MESSAGES.specialistBarred)}
                      </p>
                    )}
                  </header>
                  <dl className="client-facts">
                    <div>
                      <dt>{t`Total`}</dt>
                      <dd className="client-quote__amount">
                        <Money amount={quote.amount} currency={quote.currency} />
                      </dd>
                    </div>
                    <div>
                      <dt>{t`Duration`}</dt>
                      <dd>{quote.duration_days === 1 ? t`1 day` : t`${quote.duration_days} days`}</dd>
                    </div>
                  </dl>
                  <h4>{t`Milestones`}</h4>
                  <ol className="client-quote__milestones">
                    {quote.milestones.map((milestone) => (
                      <li key={milestone.position}>
                        <span>{milestone.title}</span>
                        <span>
                          <Money amount={milestone.amount} currency={quote.currency} />
                        </span>
                      </li>
                    ))}
                  </ol>
                  {quote.message && <p className="client-pre client-quote__message">{quote.message}</p>}
                  <div className="client-quote__actions">
                    {/* Questions about a quote are asked before choosing it, and its details agreed after. */}
                    <MessageButton projectId={projectId} specialistId={quote.specialist.id} label={t`Message ${who}`}>
                      <Trans>Message</Trans>
                    </MessageButton>
                    {open &&
                      quote.status === 'submitted' &&
                      quote.specialist.available !== false &&
                      (confirming === quote.id ? (
                        <ConfirmBox
                          busy={busy}
                          confirmLabel={<Trans>Confirm selection</Trans>}
                          onConfirm={() => void choose(quote)}
                          onCancel={() => setConfirming(null)}
                        >
                          <Trans>
                            Select {who}’s quote for {amount}? The contract is signed and the other quotes are declined.
                          </Trans>
                        </ConfirmBox>
                      ) : (
                        <button type="button" className="ui-button ui-button--accent" onClick={() => setConfirming(quote.id)}>
                          <Trans>Select this quote</Trans>
                        </button>
                      ))}
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** How a quote stands, in words. */
export function QuoteStatus({ status }: { status: string }) {
  const { t } = useLingui();
  const label =
    status === 'selected' ? t`Selected` : status === 'rejected' ? t`Not selected` : status === 'withdrawn' ? t`Withdrawn` : t`Waiting for the client`;
  return <span className={`client-badge client-badge--${status}`}>{label}</span>;
}
