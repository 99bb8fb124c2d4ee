import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { currencyDigits, moneyProblemMessage, parseMoney } from 'shared/money';
import { formatMoney, notify, SOMETHING_WENT_WRONG } from 'shared/ui';
import { escrowCalls, newIdempotencyKey } from '../common/api/escrow-api';
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

type Errors = { amount?: string; note?: string };

/**
 * Splits the disputed milestone between the contractor and the client. The
 * split is typed, then confirmed with both amounts spelled out. The request
 * carries one idempotency key per opening of the dialog, so a retry after a
 * lost answer cannot pay twice.
 */
export function ResolveDialog({ dispute, milestoneAmount, onResolved, onClose }: ResolveDialogProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const currency = dispute.contract.currency;
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [step, setStep] = useState<'split' | 'confirm'>('split');
  const [amountText, setAmountText] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirmText = useRef<HTMLParagraphElement>(null);
  const amountInput = useRef<HTMLInputElement>(null);

  const money = (amount: number) => formatMoney(amount, currency, i18n.locale);
  // Read in the admin's language and the currency's decimals, like every amount field.
  const reading = parseMoney(amountText, currency, i18n.locale);
  const inRange = reading.ok && reading.minor <= milestoneAmount;
  const contractorAmount = reading.ok ? reading.minor : 0;
  const refund = milestoneAmount - contractorAmount;
  const maximum = money(milestoneAmount);
  const digits = currencyDigits(currency);

  // Each step starts where the eye and the screen reader should: the question, or the amount (the button that was pressed is gone).
  useEffect(() => {
    if (step === 'confirm') confirmText.current?.focus();
    else amountInput.current?.focus();
  }, [step]);

  const amountProblem = (): string | undefined => {
    if (!reading.ok) {
      if (reading.problem === 'empty') return t`Please enter the amount paid to the contractor.`;
      return i18n._(moneyProblemMessage(reading.problem, currency, i18n.locale));
    }
    if (!inRange) return t`The contractor can receive at most ${maximum}.`;
    return undefined;
  };

  const review = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = { amount: amountProblem(), note: note.trim() ? undefined : t`Please explain the decision in a note.` };
    setErrors(next);
    if (next.amount || next.note) {
      (next.amount ? amountInput.current : document.getElementById(`${id}-note`))?.focus();
      return;
    }
    setFailure(null);
    setStep('confirm');
  };

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const resolved = await escrowCalls.resolve(dispute.id, { contractor_amount: contractorAmount, note: note.trim() }, idempotencyKey);
      notify.success(t`The dispute is resolved and the contract is unfrozen.`);
      onResolved(resolved);
    } catch (error) {
      if (isApiError(error) && error.status === 422 && (error.fieldError('contractor_amount') || error.fieldError('note'))) {
        setErrors({ amount: error.fieldError('contractor_amount'), note: error.fieldError('note') });
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

  const position = dispute.milestone_position;
  const title = dispute.milestone_title;
  const held = money(dispute.held_amount);
  const paid = money(contractorAmount);
  const refunded = money(refund);
  const fees = money(Math.max(0, dispute.held_amount - milestoneAmount));

  return (
    <ModalDialog title={<Trans>Resolve the dispute</Trans>} onClose={busy ? () => undefined : onClose}>
      {step === 'split' ? (
        <form className="admin-form" onSubmit={review} noValidate>
          <p className="admin-modal__text">
            <Trans>
              Milestone {position} “{title}” is worth {maximum} ({held} held in escrow with its fees). Enter what the contractor receives; the
              rest of the milestone amount goes back to the client.
            </Trans>
          </p>
          <div className="ui-field">
            <label className="ui-field__label" htmlFor={`${id}-amount`}>
              <Trans>Paid to the contractor ({currency})</Trans>
            </label>
            <input
              id={`${id}-amount`}
              ref={amountInput}
              className="ui-field__input"
              inputMode={digits === 0 ? 'numeric' : 'decimal'}
              autoComplete="off"
              value={amountText}
              required
              aria-invalid={Boolean(errors.amount)}
              aria-describedby={`${id}-amount-hint${errors.amount ? ` ${id}-amount-error` : ''}`}
              onChange={(event) => {
                setAmountText(event.target.value);
                setErrors({ ...errors, amount: undefined });
              }}
            />
            <p className="ui-field__hint" id={`${id}-amount-hint`}>
              {digits === 0 ? (
                <Trans>From 0 to {maximum}, a whole amount.</Trans>
              ) : (
                <Trans>
                  From 0 to {maximum}, with up to {digits} decimals.
                </Trans>
              )}
            </p>
            {errors.amount && (
              <p className="ui-field__error" id={`${id}-amount-error`}>
                {errors.amount}
              </p>
            )}
          </div>
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
          <div className="ui-field">
            <label className="ui-field__label" htmlFor={`${id}-note`}>
              <Trans>Note explaining the decision</Trans>
            </label>
            <textarea
              id={`${id}-note`}
              className="ui-field__input admin-textarea"
              value={note}
              maxLength={2000}
              required
              aria-required="true"
              aria-invalid={Boolean(errors.note)}
              aria-describedby={errors.note ? `${id}-note-error` : undefined}
              onChange={(event) => {
                setNote(event.target.value);
                setErrors({ ...errors, note: undefined });
              }}
            />
            {errors.note && (
              <p className="ui-field__error" id={`${id}-note-error`}>
                {errors.note}
              </p>
            )}
          </div>
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
