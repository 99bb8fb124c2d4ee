import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError, newIdempotencyKey } from 'shared/api';
import { FormAlert } from 'shared/forms';
import { notify } from 'shared/ui';
import { useFormatters } from '../common/reference';
import type { ContractView as Contract } from 'shared/contract';
import { settleContract, type SettlementChoice } from './api/settlement';
import { EscrowDialog } from './escrow-dialog';

export type SettlementPlan = SettlementChoice;

interface SettlementDialogProps {
  contract: Contract;
  plan: SettlementPlan;
  owed: number;
  onClose: () => void;
  onSettled: (contract: Contract, newContractId: string | null) => void;
}

/** The last check before the ring-fenced money moves. */
export function SettlementDialog({ contract, plan, owed, onClose, onSettled }: SettlementDialogProps) {
  const { t } = useLingui();
  const format = useFormatters();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // One key per opening of the dialog, kept across retries.
  const [key] = useState(newIdempotencyKey);
  const owedText = format.money(owed, contract.currency);
  const held = format.money(contract.account.held, contract.currency);

  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const result = await settleContract(contract.id, plan, key);
      notify.success(
        plan.choice === 'refund'
          ? t`The contract is settled. The rest of the money is refunded to you.`
          : t`The contract is settled. A new contract with the replacement contractor is ready.`,
      );
      onSettled(result.contract, result.new_contract_id);
    } catch (error) {
      setProblem(
        isApiError(error) && error.kind === 'http' && error.status < 500
          ? error.message
          : t`The settlement could not be confirmed. Try again: it is never applied twice.`,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <EscrowDialog title={t`Confirm the settlement`} onClose={onClose} busy={busy}>
      <div className="escrow-form">
        <p>
          <Trans>
            Of the {held} held, {owedText} goes to the contractor for the work done, with the expert and platform fees on it.
          </Trans>{' '}
          {plan.choice === 'refund' ? (
            <Trans>The rest is refunded to you.</Trans>
          ) : (
            <Trans>The rest becomes credit on a new contract with the replacement contractor, for the unfinished milestones.</Trans>
          )}
        </p>
        <p className="client-muted">
          <Trans>This cannot be undone.</Trans>
        </p>
        {problem && <FormAlert>{problem}</FormAlert>}
        <div className="escrow-form__actions">
          <button type="button" className="ui-button ui-button--accent" disabled={busy} aria-busy={busy} onClick={() => void confirm()}>
            {busy ? t`Settling…` : t`Confirm the settlement`}
          </button>
          <button type="button" className="ui-button ui-button--ghost" disabled={busy} onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </div>
    </EscrowDialog>
  );
}
