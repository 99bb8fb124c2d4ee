import { useId, useRef, type InputHTMLAttributes } from 'react';
import * as v from 'valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { Field, FormAlert, useForm } from 'shared/forms';
import { ESCROW_API_MESSAGES } from 'shared/messages';
import { notify } from 'shared/ui';
import { useFormatters } from '../common/reference';
import type { ContractView as Contract, MilestoneView as Milestone } from 'shared/contract';
import { CardSchema, type Card, type CardInput } from 'shared/schemas';
import { fundMilestone } from './api/fund-milestone';
import { newIdempotencyKey } from './api/idempotency-key';
import { EscrowDialog } from './escrow-dialog';
import { FeeBreakdown } from './fee-breakdown';

interface FundDialogProps {
  contract: Contract;
  milestone: Milestone;
  onClose: () => void;
  onFunded: (contract: Contract) => void;
}

const EMPTY: CardInput = { number: '', expiry: '', cvc: '', name: '' };
type CardField = keyof CardInput;

/** Credit covers the milestone: no card is read. */
const NoCardSchema = v.pipe(
  v.unknown(),
  v.transform((): Card | null => null),
);

/** The client pays a milestone into escrow: the fees first, then a (sandbox) card. */
export function FundDialog({ contract, milestone, onClose, onFunded }: FundDialogProps) {
  const { t, i18n } = useLingui();
  const format = useFormatters();
  const needsCard = milestone.to_pay > 0;
  const form = useForm<CardInput, Card | null>({
    initialValues: EMPTY,
    // The API's own card schema, so most mistakes never leave the page.
    schema: needsCard ? CardSchema : NoCardSchema,
    fromServer: (name) => name.replace(/^card\./, ''),
    onError: (error) => {
      if (isApiError(error) && error.kind === 'http' && error.status !== 500) {
        // 402 declined, 502 provider down, 409 frozen or already funded: the server's words say what happened.
        form.setFormError(error.message);
      } else {
        form.setFormError(t`We could not reach the payment service. Try again: the same payment is never charged twice.`);
      }
      return true;
    },
  });
  const { values, errors } = form;
  const paying = form.submitting;
  const cardsHintId = useId();
  // One key for this dialog; a new one only when a different card is tried after a refusal.
  const attempt = useRef<{ key: string; body: string | null } | null>(null);
  attempt.current ??= { key: newIdempotencyKey(), body: null };
  // The same words the server answers with: said before the client types a card in.
  const barred = contract.contractor_payable === false;
  const toPay = format.money(milestone.to_pay, contract.currency);

  const pay = form.handleSubmit(async (card) => {
    const body = JSON.stringify(card);
    const previous = attempt.current!;
    const current = previous.body !== null && previous.body !== body ? { key: newIdempotencyKey(), body } : { key: previous.key, body };
    attempt.current = current;
    const result = await fundMilestone(contract.id, milestone.id, card, current.key);
    if (result.payment) {
      const paid = format.money(result.payment.amount, contract.currency);
      const last4 = result.payment.card_last4;
      notify.success(t`Payment of ${paid} accepted (card ending ${last4}). The milestone is funded.`);
    } else {
      notify.success(t`Your escrow credit covered this milestone. It is funded.`);
    }
    onFunded(result.contract);
  });

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
          onChange={(event) => form.setValue(name, event.target.value)}
          onBlur={() => form.touch(name)}
        />
      )}
    </Field>
  );

  return (
    <EscrowDialog title={t`Fund milestone ${milestone.position}: ${milestone.title}`} onClose={onClose} busy={paying}>
      <form ref={form.formRef} className="escrow-form" noValidate aria-busy={paying} onSubmit={pay}>
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
        {form.formError && <FormAlert>{form.formError}</FormAlert>}
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
