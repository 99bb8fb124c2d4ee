import { useLingui } from '@lingui/react/macro';
import type { ContractView as Contract } from 'shared/contract';
import type { EscrowView } from './escrow-empty';
import { expertToDo, heldForContractor, myTurn, totalsByCurrency } from '../common/escrow-figures';
import { MoneyTotals } from '../common/money-totals';

/** The totals over every contract, in the viewer's terms. */
export function EscrowSummary({ view, contracts }: { view: EscrowView; contracts: Contract[] }) {
  const { t } = useLingui();
  if (view === 'expert') {
    const count = contracts.reduce((sum, contract) => sum + expertToDo(contract).length, 0);
    return (
      <dl className="escrow-summary" aria-label={t`Summary`}>
        <div>
          <dt>{t`Inspections to do`}</dt>
          <dd>{count}</dd>
        </div>
      </dl>
    );
  }
  if (view === 'contractor') {
    return (
      <dl className="escrow-summary" aria-label={t`Summary`}>
        <div>
          <dt>{t`Paid to you`}</dt>
          <dd>
            <MoneyTotals totals={totalsByCurrency(contracts, (contract) => contract.account.released)} />
          </dd>
        </div>
        <div>
          <dt>{t`Held for you`}</dt>
          <dd>
            <MoneyTotals totals={totalsByCurrency(contracts, heldForContractor)} />
          </dd>
        </div>
      </dl>
    );
  }
  const actions = contracts.reduce((sum, contract) => sum + myTurn(contract).length + (contract.can_review ? 1 : 0), 0);
  return (
    <dl className="escrow-summary" aria-label={t`Summary`}>
      <div>
        <dt>{t`Held in escrow`}</dt>
        <dd>
          <MoneyTotals totals={totalsByCurrency(contracts, (contract) => contract.account.held)} />
        </dd>
      </div>
      <div>
        <dt>{t`Next actions`}</dt>
        <dd>{actions}</dd>
      </div>
    </dl>
  );
}
