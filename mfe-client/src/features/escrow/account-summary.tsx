import { Trans, useLingui } from '@lingui/react/macro';
import type { EscrowAccount as Account } from 'shared/contract';
import { Money } from 'shared/ui';

/** The contract's virtual account, figure by figure. */
export function AccountSummary({ account, currency }: { account: Account; currency: string }) {
  const { t } = useLingui();
  const rows: { label: string; value: number; hint?: string; strong?: boolean }[] = [
    { label: t({ message: 'Funded', context: 'account' }), value: account.funded, hint: t`Paid in by card` },
    { label: t`Held in escrow`, value: account.held, hint: t`For milestones not yet settled`, strong: true },
    { label: t({ message: 'Released', context: 'account' }), value: account.released, hint: t`Paid to the contractor` },
    { label: t`Expert fees`, value: account.expert_fees },
    { label: t`Platform fees`, value: account.platform_fees },
    { label: t({ message: 'Refunded', context: 'account' }), value: account.refunded, hint: t`Returned to the client` },
  ];
  if (account.carried_in) rows.push({ label: t`Carried in`, value: account.carried_in, hint: t`From the previous contract` });
  if (account.carried_out) rows.push({ label: t`Carried out`, value: account.carried_out, hint: t`To the replacement contract` });
  rows.push({ label: t`Credit`, value: account.credit, hint: t`Used first on the next funding` });
  return (
    <section className="ui-card client-panel" aria-labelledby="escrow-account-title">
      <h2 id="escrow-account-title">
        <Trans>Escrow account</Trans>
      </h2>
      <dl className="escrow-figures">
        {rows.map((row) => (
          <div key={row.label} className={row.strong ? 'escrow-figures__main' : undefined}>
            <dt>{row.label}</dt>
            <dd>
              <Money amount={row.value} currency={currency} />
            </dd>
            {row.hint && <dd className="client-muted escrow-figures__hint">{row.hint}</dd>}
          </div>
        ))}
      </dl>
    </section>
  );
}
