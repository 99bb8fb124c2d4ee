import { Trans, useLingui } from '@lingui/react/macro';
import { Money } from 'shared/ui';
import type { EscrowAccount as Account } from 'shared/contract';

/** The contract's escrow account: what came in, what is held, and where the rest went. */
export function AccountFigures({ account, currency }: { account: Account; currency: string }) {
  const { t } = useLingui();
  const rows: { key: keyof Account; label: string; hint?: string }[] = [
    { key: 'held', label: t`Held in escrow`, hint: t`For milestones not yet settled` },
    { key: 'funded', label: t`Paid in by the client` },
    { key: 'released', label: t`Released to the contractor` },
    { key: 'expert_fees', label: t`Expert fees` },
    { key: 'platform_fees', label: t`Platform fees` },
    { key: 'refunded', label: t`Refunded to the client` },
    { key: 'carried_in', label: t`Carried in from a previous contract` },
    { key: 'carried_out', label: t`Carried out to a new contract` },
    { key: 'credit', label: t`Credit`, hint: t`Escrow money not tied to a milestone, used first on the next funding` },
  ];
  return (
    <section className="ui-card" aria-labelledby="contract-account">
      <h2 id="contract-account" className="admin-section-title">
        <Trans>Escrow account</Trans>
      </h2>
      <dl className="admin-facts admin-figures">
        {rows.map((row) => (
          <div key={row.key} className={row.key === 'held' ? 'admin-figures__main' : undefined}>
            <dt>{row.label}</dt>
            <dd>
              <Money amount={account[row.key]} currency={currency} />
            </dd>
            {row.hint && <dd className="admin-muted admin-figures__hint">{row.hint}</dd>}
          </div>
        ))}
      </dl>
    </section>
  );
}
