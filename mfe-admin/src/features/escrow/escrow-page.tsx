import { Trans } from '@lingui/react/macro';
import '../common/styles';
import { ContractsList } from './contracts-list';
import { EscrowSummary } from './escrow-summary';
import { LedgerCheckPanel } from './ledger-check-panel';
import { PayoutsPanel } from './payouts-panel';

/** The escrow back office: what is held, the contracts, and a check that the ledger adds up. */
export function EscrowPage() {
  return (
    <div className="ui-page">
      <div className="ui-container admin-page">
        <header className="admin-page__header">
          <h1 className="admin-page__title">
            <Trans>Escrow</Trans>
          </h1>
          <p className="admin-page__intro">
            <Trans>Money held for milestones, the contracts that hold it, and the checks that keep the ledger honest.</Trans>
          </p>
        </header>
        <EscrowSummary />
        <ContractsList />
        <PayoutsPanel />
        <LedgerCheckPanel />
      </div>
    </div>
  );
}
