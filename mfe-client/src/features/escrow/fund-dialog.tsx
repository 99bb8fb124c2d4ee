import { useId, useRef, useState, type InputHTMLAttributes } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { Field, FormAlert } from 'shared/forms';
import { ESCROW_API_MESSAGES } from 'shared/messages';
import { notify } from 'shared/ui';
import { useFormatters } from '../common/reference';
import type { ContractView as Contract, MilestoneView as Milestone } from 'shared/contract';
import type { Card, CardInput } from 'shared/schemas';
import { fundMilestone } from './api/fund-milestone';
import { newIdempotencyKey } from './api/idempotency-key';
import { checkCard, type CardField } from './card-check';
import { EscrowDialog } from './escrow-dialog';
import { FeeBreakdown } from './fee-breakdown';

interface FundDialogProps {
  contract: Contract;
  milestone: Milestone;
  onClose: () => void;
  onFunded: (contract: Contract) => void;
}

const EMPTY: CardInput = { number: '', expiry: '', cvc: '', name: '' };

/** The client pays a milestone into escrow: the fees first, then a (sandbox) card. */
export function FundDialog({ contract, milestone, onClose, onFunded }: FundDialogProps) {
  const { t, i18n } = useLingui();
  const format = useFormatters();
  const [values, setValues] = useState<CardInput>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<CardField, string[]>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const cardsHintId = useId();
  // One key for this dialog; a new one only when a different card is tried after a refusal.
  const attempt = useRef<{ key: string; body: string | null } | null>(null);
  attempt.current ??= { key: newIdempotencyKey(), body: null };
  const needsCard = milestone.to_pay > 0;
  // The same words the server answers with: said before the client types a card in.
  const barred = contract.contractor_payable === false;
  const toPay = format.money(milestone.to_pay, contract.currency);

  const messages: Record<CardField, string> = {
    number: t`Please enter a valid card number`,
    expiry: t`Please enter a valid expiry date (MM/YY)`,
    cvc: t`Please enter the 3 or 4 digit security code`,
    name: t`Please enter the name on the card`,
  };

  const focusFirstInvalid = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const change = (field: CardField, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    if (errors[field]) setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const pay = async () => {
    setProblem(null);
    let card: Card | null = null;
    if (needsCard) {
      const checked = checkCard(values);
      if ('invalid' in checked) {
        setErrors(Object.fromEntries(checked.invalid.map((field) => [field, [messages[field]]])));
        focusFirstInvalid();
        return;
      }
      card = checked.card;
    }
    setErrors({});
    const body = JSON.stringify(card);
    const previous = attempt.current!;
    const current = previous.body !== null && previous.body !== body ? { key: newIdempotencyKey(), body } : { key: previous.key, body };
    attempt.current = current;
    setPaying(true);
    try {
      const result = await fundMilestone(contract.id, milestone.id, card, current.key);
      if (result.payment) {
        const paid = format.money(result.payment.amount, contract.currency);
        const last4 = result.payment.card_last4;
        notify.success(t`Payment of ${paid} accepted (card ending ${last4}). The milestone is funded.`);
      } else {
        notify.success(t`Your escrow credit covered this milestone. It is funded.`);
      }
      onFunded(result.contract);
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        const fromServer: Partial<Record<CardField, string[]>> = {};
        for (const field of ['number', 'expiry', 'cvc', 'name'] as const) {
          const found = error.errors[`card.${field}`] ?? error.errors[field];
          if (found?.length) fromServer[field] = found;
        }
        if (Object.keys(fromServer).length > 0) {
          setErrors(fromServer);
          focusFirstInvalid();
        } else setProblem(error.message);
      } else if (isApiError(error) && error.kind === 'http' && error.status !== 500) {
        // 402 declined, 502 provider down, 409 frozen or already funded: the server's words say what happened.
        setProblem(error.message);
      } else {
        setProblem(t`We could not reach the payment service. Try again: the same payment is never charged twice.`);
      }
    } finally {
      setPaying(false);
    }
  };

  const field = (name: CardField, label: string, extra: InputHTMLAttributes<HTMLInputElement>, describedBy?: string) => (
    <Field label={label} errors={errors[name]} name={`card-${name}`}>
      {(control) => (
        <input
          {...control}
          {...extra}
          aria-describedby={[control['aria-describedby'], describedBy].filter(Boolean).join(' ') || undefined}
          className="ui-field__input"
          name={`card-${name}`}
          aria-required
          value={values[name]}
          disabled={paying}
          onChange={(event) => change(name, event.target.value)}
        />
      )}
    </Field>
  );

  return (
    <EscrowDialog title={t`Fund milestone ${milestone.position}: ${milestone.title}`} onClose={onClose} busy={paying}>
      <form
        ref={formRef}
        className="escrow-form"
        noValidate
        aria-busy={paying}
        onSubmit={(event) => {
          event.preventDefault();
          void pay();
        }}
      >
        <FeeBreakdown milestone={milestone} currency={contract.currency} />
        <p className="client-muted">
          <Trans>The money stays in escrow until you release it after the expert’s inspection.</Trans>
        </p>
        {needsCard ? (
          <fieldset className="client-fieldset">
            <legend>{t`Card`}</legend>
            <div className="escrow-note" id={cardsHintId}>
              <p>
                <Trans>Sandbox payments: no real card is charged. Test cards:</Trans>
              </p>
              <ul>
                <li>
                  <Trans>4242 4242 4242 4242 succeeds</Trans>
                </li>
                <li>
                  <Trans>4000 0000 0000 0002 is declined</Trans>
                </li>
                <li>
                  <Trans>4000 0000 0000 0119 fails with a payment service error</Trans>
                </li>
              </ul>
            </div>
            {field('number', t`Card number`, { inputMode: 'numeric', autoComplete: 'cc-number' }, cardsHintId)}
            <div className="client-row">
              {field('expiry', t`Expiry (MM/YY)`, { inputMode: 'numeric', autoComplete: 'cc-exp', placeholder: 'MM/YY' })}
              {field('cvc', t`Security code (CVC)`, { inputMode: 'numeric', autoComplete: 'cc-csc' })}
            </div>
            {field('name', t`Name on card`, { autoComplete: 'cc-name' })}
          </fieldset>
        ) : (
          <p className="escrow-note">
            <Trans>Your escrow credit covers this milestone: nothing is charged to a card.</Trans>
          </p>
        )}
        {barred && <FormAlert>{i18n._(ESCROW_API_MESSAGES.contractorBarred)}</FormAlert>}
        {problem && <FormAlert>{problem}</FormAlert>}
        {paying && (
          <p className="escrow-progress" role="status">
            <span className="ui-spinner__wheel" aria-hidden="true" /> <Trans>Processing the payment…</Trans>
          </p>
        )}
        <div className="escrow-form__actions">
          <button type="submit" className="ui-button ui-button--accent" disabled={paying || barred}>
            {paying ? t`Paying…` : needsCard ? t`Pay ${toPay}` : t`Fund with credit`}
          </button>
          <button type="button" className="ui-button ui-button--ghost" disabled={paying} onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </form>
    </EscrowDialog>
  );
}
