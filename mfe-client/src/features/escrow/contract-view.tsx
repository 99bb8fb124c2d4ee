import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Trans } from '@lingui/react/macro';
import { pathFor } from 'shared/routing';
import { ErrorState, Skeleton } from '../common/states';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ContractView as Contract, DisputeView as Dispute, MilestoneView as Milestone, Statement } from 'shared/contract';
import { AccountSummary } from './account-summary';
import { BalanceChart } from './balance-chart';
import { ChangeOrdersPanel } from './change-orders-panel';
import { SiteLogPanel } from './site-log-panel';
import { CompleteDialog } from './complete-dialog';
import { ContractHeader } from './contract-header';
import { DisputeDialog } from './dispute-dialog';
import { DisputePanel } from './dispute-panel';
import { EstimateDialog } from './estimate-dialog';
import { FundDialog } from './fund-dialog';
import { InspectDialog } from './inspect-dialog';
import { PaymentReturn } from './payment-return';
import { MilestoneItem, milestoneHeadingId, type MilestoneAction } from './milestone-item';
import { ReleaseDialog } from './release-dialog';
import { ReviewPanel } from './review-panel';
import { SettlementPanel } from './settlement-panel';
import { StatementTable } from './statement-table';

interface ContractViewProps {
  contract: Contract;
  statement: UseQueryResult<Statement>;
  onChange: (contract: Contract) => void;
  /** An approved change order changed the plan elsewhere: read the contract again. */
  onPlanChanged?: () => void;
}

/** The contract page once loaded: figures, chart, milestones with the viewer's actions, dispute, settlement, review, statement. */
export function ContractView({ contract, statement, onChange, onPlanChanged = () => undefined }: ContractViewProps) {
  const [open, setOpen] = useState<{ action: MilestoneAction; milestone: Milestone } | null>(null);
  const [newContractId, setNewContractId] = useState<string | null>(null);

  const done = (updated: Contract) => {
    const milestoneId = open?.milestone.id;
    setOpen(null);
    onChange(updated);
    // The button that opened the dialog may be gone with the step it started: land on its milestone instead.
    requestAnimationFrame(() => {
      if (milestoneId && (document.activeElement === document.body || !document.activeElement))
        document.getElementById(milestoneHeadingId(milestoneId))?.focus();
    });
  };
  const close = () => setOpen(null);
  const dialogProps = open ? { contract, milestone: open.milestone, onClose: close } : null;

  return (
    <section className="ui-page ui-container client-page client-project escrow-contract">
      <p>
        <Link to={pathFor('main.escrow')}>
          <Trans>← All contracts</Trans>
        </Link>
      </p>
      <ContractHeader contract={contract} />
      <PaymentReturn contract={contract} onChange={onChange} />
      <div className="client-project__columns">
        <AccountSummary account={contract.account} currency={contract.currency} />
        {statement.status === 'error' && !statement.data ? (
          <ErrorState error={statement.error} onRetry={() => void statement.refetch()} />
        ) : statement.data ? (
          <BalanceChart entries={statement.data.entries} currency={contract.currency} />
        ) : (
          <Skeleton count={1} variant="line" />
        )}
      </div>
      {contract.dispute && (
        <DisputePanel contract={contract} dispute={contract.dispute} onChange={(dispute: Dispute) => onChange({ ...contract, dispute })} />
      )}
      {contract.insolvency && (
        <SettlementPanel
          contract={contract}
          newContractId={newContractId}
          onSettled={(settled, created) => {
            setNewContractId(created);
            onChange(settled);
          }}
        />
      )}
      <section className="ui-card client-panel" aria-labelledby="escrow-milestones-title">
        <h2 id="escrow-milestones-title">
          <Trans>Milestones</Trans>
        </h2>
        <ol className="escrow-milestones">
          {contract.milestones.map((milestone) => (
            <MilestoneItem
              key={milestone.id}
              contract={contract}
              milestone={milestone}
              onAction={(action, target) => setOpen({ action, milestone: target })}
            />
          ))}
        </ol>
      </section>
      <ChangeOrdersPanel contract={contract} onPlanChanged={onPlanChanged} />
      <SiteLogPanel contract={contract} />
      <ReviewPanel contract={contract} onChange={onChange} />
      {statement.data && <StatementTable contractId={contract.id} entries={statement.data.entries} currency={contract.currency} />}
      {dialogProps && open?.action === 'fund' && <FundDialog {...dialogProps} onFunded={done} />}
      {dialogProps && open?.action === 'release' && <ReleaseDialog {...dialogProps} onReleased={done} />}
      {dialogProps && open?.action === 'complete' && <CompleteDialog {...dialogProps} onDone={done} />}
      {dialogProps && open?.action === 'inspect' && <InspectDialog {...dialogProps} onDone={done} />}
      {dialogProps && open?.action === 'estimate' && <EstimateDialog {...dialogProps} onDone={done} />}
      {dialogProps && open?.action === 'dispute' && <DisputeDialog {...dialogProps} onOpened={done} />}
    </section>
  );
}
