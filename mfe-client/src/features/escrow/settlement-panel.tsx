import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'shared/forms';
import { pathFor } from 'shared/routing';
import { SettlementChoiceFormSchema, translateMessage } from 'shared/schemas';
import { useFormatters } from '../common/reference';
import type { ContractView as Contract } from 'shared/contract';
import { SettlementDialog, type SettlementPlan } from './settlement-dialog';
import { ReplacementPicker } from './replacement-picker';
import { Money } from 'shared/ui';

interface SettlementPanelProps {
  contract: Contract;
  onSettled: (contract: Contract, newContractId: string | null) => void;
  newContractId: string | null;
}

/** After an insolvency: what the expert estimates is owed, then the client's choice for the rest. */
export function SettlementPanel({ contract, onSettled, newContractId }: SettlementPanelProps) {
  const { t, i18n } = useLingui();
  const format = useFormatters();
  const form = useForm({ initialValues: { choice: '', replacement: '' }, schema: SettlementChoiceFormSchema });
  const { choice, replacement } = form.values;
  const [plan, setPlan] = useState<SettlementPlan | null>(null);
  // One message at a time, under the choices: what to choose first.
  const problem = form.errors.choice?.[0] ?? form.errors.replacement?.[0];
  const insolvency = contract.insolvency;
  if (!insolvency) return null;
  const money = (amount: number) => format.money(amount, contract.currency);
  const estimated = contract.milestones.filter((milestone) => milestone.estimate);
  const owed = estimated.reduce((sum, milestone) => sum + (milestone.estimate?.owed_amount ?? 0), 0);
  const declared = format.date(insolvency.declared_at);
  const forward = newContractId ?? contract.replaced_by_contract_id;
  const owedText = money(owed);
  const settledOn = insolvency.settled_at ? format.date(insolvency.settled_at) : '';

  const review = form.handleSubmit((settlement) => setPlan(settlement));

  return (
    <section className="ui-card client-panel" aria-labelledby="escrow-settlement-title">
      <h2 id="escrow-settlement-title">
        <Trans>Insolvency settlement</Trans>
      </h2>
      <p>
        <Trans>
          The contractor was declared insolvent on {declared}. The money in escrow is ring-fenced: nobody can take it out until it is settled.
        </Trans>
      </p>
      {insolvency.note && <p className="client-pre client-muted">{insolvency.note}</p>}
      {estimated.length > 0 && (
        <div className="escrow-table-wrap">
          <table className="escrow-table">
            <caption>{t`Expert estimates of the work done`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Milestone`}</th>
                <th scope="col">{t`Milestone amount`}</th>
                <th scope="col">{t`Owed to the contractor`}</th>
                <th scope="col">{t`Notes`}</th>
              </tr>
            </thead>
            <tbody>
              {estimated.map((milestone) => (
                <tr key={milestone.id}>
                  <th scope="row">
                    {milestone.position}. {milestone.title}
                  </th>
                  <td>
                    <Money amount={milestone.amount} currency={contract.currency} />
                  </td>
                  <td>
                    <Money amount={milestone.estimate?.owed_amount ?? 0} currency={contract.currency} />
                  </td>
                  <td className="client-pre">{milestone.estimate?.notes}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {insolvency.settled_at ? (
        <p role="status">
          <Trans>Settled on {settledOn}.</Trans>{' '}
          {forward && (
            <Link to={pathFor('main.contract', { id: forward })}>
              <Trans>Open the replacement contract</Trans>
            </Link>
          )}
        </p>
      ) : !insolvency.estimates_complete ? (
        <p className="client-muted">
          <Trans>The expert is estimating what is owed for each funded milestone. You can settle once every estimate is in.</Trans>
        </p>
      ) : contract.my_role !== 'client' ? (
        <p className="client-muted">
          <Trans>Every estimate is in. The client now chooses a refund or a replacement contractor.</Trans>
        </p>
      ) : (
        <div className="client-panel__section">
          <h3>
            <Trans>Settle</Trans>
          </h3>
          <p>
            <Trans>
              {owedText} is paid to the contractor for the work done (with the expert and platform fees on it). The rest of the money held can:
            </Trans>
          </p>
          <fieldset className="client-fieldset">
            <legend>{t`What happens to the rest`}</legend>
            <label className="client-check">
              <input type="radio" name="settlement" value="refund" checked={choice === 'refund'} onChange={() => form.setValue('choice', 'refund')} />
              <Trans>Come back to me (refund)</Trans>
            </label>
            <label className="client-check">
              <input type="radio" name="settlement" value="carry" checked={choice === 'carry'} onChange={() => form.setValue('choice', 'carry')} />
              <Trans>Go to a new contract with a replacement contractor who finishes the work</Trans>
            </label>
          </fieldset>
          {choice === 'carry' && (
            <ReplacementPicker contractId={contract.id} value={replacement} onChange={(id) => form.setValue('replacement', id)} />
          )}
          {problem && (
            <p className="ui-field__error" role="alert">
              {translateMessage(problem, (descriptor) => i18n._(descriptor))}
            </p>
          )}
          <button type="button" className="ui-button ui-button--accent" onClick={() => void review()}>
            <Trans>Settle the contract</Trans>
          </button>
        </div>
      )}
      {plan && (
        <SettlementDialog
          contract={contract}
          plan={plan}
          owed={owed}
          onClose={() => setPlan(null)}
          onSettled={(settled, created) => {
            setPlan(null);
            onSettled(settled, created);
          }}
        />
      )}
    </section>
  );
}
