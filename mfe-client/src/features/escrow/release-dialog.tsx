import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError, newIdempotencyKey } from 'shared/api';
import { FormAlert } from 'shared/forms';
import { Money, notify } from 'shared/ui';
import { useFormatters } from '../common/reference';
import type { ContractView as Contract, MilestoneView as Milestone } from 'shared/contract';
import { releaseMilestone } from './api/release-milestone';
import { EscrowDialog } from './escrow-dialog';

interface ReleaseDialogProps {
  contract: Contract;
  milestone: Milestone;
  onClose: () => void;
  onReleased: (contract: Contract) => void;
}

/** The client confirms, knowing exactly who receives what, before escrow pays out. */
export function ReleaseDialog({ contract, milestone, onClose, onReleased }: ReleaseDialogProps) {
  const { t } = useLingui();
  const format = useFormatters();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // One key per opening of the dialog, kept across retries.
  const [key] = useState(newIdempotencyKey);
  const money = (amount: number) => format.money(amount, contract.currency);
  const contractor = contract.contractor.company_name || contract.contractor.name;
  const expert = contract.expert?.name ?? t`the expert`;
  const amount = money(milestone.amount);

  const release = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const result = await releaseMilestone(contract.id, milestone.id, key);
      const paid = money(result.released.contractor);
      notify.success(t`${paid} released to ${contractor}.`);
      onReleased(result.contract);
    } catch (error) {
      setProblem(
        isApiError(error) && error.kind === 'http' && error.status < 500
          ? error.message
          : t`The release could not be confirmed. Try again: it is never paid twice.`,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <EscrowDialog title={t`Release milestone ${milestone.position}: ${milestone.title}`} onClose={onClose} busy={busy}>
      <div className="escrow-form">
        <p>
          <Trans>The expert approved the work. Releasing pays out of escrow:</Trans>
        </p>
        <dl className="escrow-breakdown">
          <div>
            <dt>
              <Trans>To {contractor}</Trans>
            </dt>
            <dd>{amount}</dd>
          </div>
          <div>
            <dt>
              <Trans>Inspection fee to {expert}</Trans>
            </dt>
            <dd>
              <Money amount={milestone.expert_fee} currency={contract.currency} />
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Platform fee (1.5 %)</Trans>
            </dt>
            <dd>
              <Money amount={milestone.platform_fee} currency={contract.currency} />
            </dd>
          </div>
          <div className="escrow-breakdown__total">
            <dt>
              <Trans>Total leaving escrow</Trans>
            </dt>
            <dd>
              <Money amount={milestone.total} currency={contract.currency} />
            </dd>
          </div>
        </dl>
        <p className="client-muted">
          <Trans>A release cannot be undone.</Trans>
        </p>
        {problem && <FormAlert>{problem}</FormAlert>}
        <div className="escrow-form__actions">
          <button type="button" className="ui-button ui-button--accent" disabled={busy} aria-busy={busy} onClick={() => void release()}>
            {busy ? t`Releasing…` : t`Release ${amount}`}
          </button>
          <button type="button" className="ui-button ui-button--ghost" disabled={busy} onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </div>
    </EscrowDialog>
  );
}
