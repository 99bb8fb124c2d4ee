import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError, newIdempotencyKey } from 'shared/api';
import { AmountInput, Field, useForm } from 'shared/forms';
import { currencyDigits, parseMoney } from 'shared/money';
import { disputeResolutionFormSchema, RESOLUTION_NOTE_MAX, type DisputeResolutionForm } from 'shared/schemas';
import { formatMoney, notify, SOMETHING_WENT_WRONG } from 'shared/ui';
import { escrowCalls } from '../common/api/escrow-api';
import type { DisputeView } from 'shared/contract';
import { ModalDialog } from '../common/modal-dialog';
import { serverMessage } from '../common/server-message';

interface ResolveDialogProps {
  dispute: DisputeView;
  /** The disputed milestone's amount: what the resolution splits between contractor and client. */
  milestoneAmount: number;
  onResolved: (dispute: DisputeView) => void;
  onClose: () => void;
}

/**
 * Splits the disputed milestone between the contractor and the client. The
 * split is typed, then confirmed with both amounts spelled out. The request
 * carries one idempotency key per opening of the dialog, so a retry after a
 * lost answer cannot pay twice.
 */
export function ResolveDialog({ dispute, milestoneAmount, onResolved, onClose }: ResolveDialogProps) {
  const { t, i18n } = useLingui();
  const currency = dispute.contract.currency;
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [step, setStep] = useState<'split' | 'confirm'>('split');
  const [decision, setDecision] = useState<DisputeResolutionForm | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirmText = useRef<HTMLParagraphElement>(null);
  const amountInput = useRef<HTMLInputElement>(null);

  const money = (amount: number) => formatMoney(amount, currency, i18n.locale);
  const maximum = money(milestoneAmount);
  const form = useForm({
    initialValues: { amount: '', note: '' },
    // Read in the admin's language and the currency's decimals, like every amount field.
    schema: disputeResolutionFormSchema(currency, i18n.locale, milestoneAmount, maximum),
    fromServer: (name) => (name === 'contractor_amount' ? 'amount' : name),
  });
  const reading = parseMoney(form.values.amount, currency, i18n.locale);
  const inRange = reading.ok && reading.minor <= milestoneAmount;
  const contractorAmount = decision?.amount ?? (reading.ok ? reading.minor : 0);
  const refund = milestoneAmount - contractorAmount;
  const digits = currencyDigits(currency);

  // Each step starts where the eye and the screen reader should: the question, or the amount (the button that was pressed is gone).
  useEffect(() => {
    if (step === 'confirm') confirmText.current?.focus();
    else amountInput.current?.focus();
  }, [step]);

  const review = form.handleSubmit((output) => {
    setDecision(output);
    setFailure(null);
    setStep('confirm');
  });

  const confirm = async () => {
    if (busy || !decision) return;
    setBusy(true);
    setFailure(null);
    try {
      const resolved = await escrowCalls.resolve(dispute.id, { contractor_amount: decision.amount, note: decision.note }, idempotencyKey);
      notify.success(t`The dispute is resolved and the contract is unfrozen.`);
      onResolved(resolved);
    } catch (error) {
      if (isApiError(error) && error.status === 422 && (error.fieldError('contractor_amount') || error.fieldError('note'))) {
        form.setServerErrors(error.errors);
        setDecision(null);
        setStep('split');
      } else {
        // A payment provider's failure (502) comes with words meant for the admin, unlike other server errors.
        const providerMessage = isApiError(error) && error.kind === 'http' && error.status === 502 ? error.message : null;
        setFailure(serverMessage(error) ?? providerMessage ?? t(SOMETHING_WENT_WRONG));
      }
    } finally {
      setBusy(false);
    }
  };

  const amountField = form.field('amount');
  const noteField = form.field('note');
  const position = dispute.milestone_position;
  const title = dispute.milestone_title;
  const held = money(dispute.held_amount);
  const paid = money(contractorAmount);
  const refunded = money(refund);
  const fees = money(Math.max(0, dispute.held_amount - milestoneAmount));

  return (
    <ModalDialog title={<Trans>Resolve the dispute</Trans>} onClose={busy ? () => undefined : onClose}>
      {step === 'split' ? (
        <form className="admin-form" ref={form.formRef} onSubmit={review} noValidate>
          <p className="admin-modal__text">
            <Trans>
              Milestone {position} “{title}” is worth {maximum} ({held} held in escrow with its fees). Enter what the contractor receives; the rest of
              the milestone amount goes back to the client.
            </Trans>
          </p>
          <Field
            label={<Trans>Paid to the contractor ({currency})</Trans>}
            name="amount"
            errors={amountField.errors}
            hint={
              digits === 0 ? (
                <Trans>From 0 to {maximum}, a whole amount.</Trans>
              ) : (
                <Trans>
                  From 0 to {maximum}, with up to {digits} decimals.
                </Trans>
              )
            }
          >
            {(control) => (
              <AmountInput
                {...control}
                ref={amountInput}
                className="ui-field__input"
                inputMode={digits === 0 ? 'numeric' : 'decimal'}
                value={amountField.value}
                required
                onChange={amountField.onChange}
                onBlur={amountField.onBlur}
              />
            )}
          </Field>
          <dl className="admin-split" aria-live="polite">
            <div>
              <dt>
                <Trans>Paid to the contractor</Trans>
              </dt>
              <dd>{inRange ? paid : '—'}</dd>
            </div>
            <div>
              <dt>
                <Trans>Refunded to the client</Trans>
              </dt>
              <dd>{inRange ? refunded : '—'}</dd>
            </div>
          </dl>
          {dispute.held_amount > milestoneAmount && (
            <p className="admin-muted">
              <Trans>
                The fees held with the milestone ({fees}) are settled with it: the platform fee follows the contractor’s share, the expert who
                inspected keeps their fee, and the rest goes back to the client. The resolution shows the final figures.
              </Trans>
            </p>
          )}
          <Field label={<Trans>Note explaining the decision</Trans>} name="note" errors={noteField.errors}>
            {(control) => (
              <textarea
                {...control}
                className="ui-field__input admin-textarea"
                value={noteField.value}
                maxLength={RESOLUTION_NOTE_MAX}
                required
                aria-required="true"
                onChange={(event) => noteField.onChange(event.target.value)}
                onBlur={noteField.onBlur}
              />
            )}
          </Field>
          <div className="admin-modal__actions">
            <button type="button" className="ui-button ui-button--ghost" onClick={onClose}>
              {t`Cancel`}
            </button>
            <button type="submit" className="ui-button">
              <Trans>Review the split</Trans>
            </button>
          </div>
        </form>
      ) : (
        <div className="admin-form">
          <p className="admin-modal__text" ref={confirmText} tabIndex={-1}>
            <strong>
              <Trans>
                Pay {paid} to the contractor and refund {refunded} of the milestone amount to the client?
              </Trans>
            </strong>{' '}
            <Trans>The money moves at once and the contract is unfrozen. This cannot be undone.</Trans>
          </p>
          {failure && (
            <div className="admin-notice admin-notice--danger" role="alert">
              <p className="admin-modal__text">{failure}</p>
              <p className="admin-modal__text">
                <Trans>Trying again is safe: the same request is sent, so the money cannot move twice.</Trans>
              </p>
            </div>
          )}
          <div className="admin-modal__actions">
            <button type="button" className="ui-button ui-button--ghost" disabled={busy} onClick={() => setStep('split')}>
              <Trans>Back</Trans>
            </button>
            <button type="button" className="ui-button" disabled={busy} onClick={confirm}>
              {busy ? t`Resolving…` : failure ? t`Try again` : t`Confirm the resolution`}
            </button>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
