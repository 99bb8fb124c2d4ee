import { useEffect, useId, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { pathFor } from 'shared/routing';
import { isApiError, newIdempotencyKey } from 'shared/api';
import { FormAlert } from 'shared/forms';
import { ESCROW_API_MESSAGES } from 'shared/messages';
import { notify } from 'shared/ui';
import { useFormatters } from '../common/reference';
import type { ContractView as Contract, FundBody, MilestoneView as Milestone, PayinView } from 'shared/contract';
import { fundMilestone } from './api/fund-milestone';
import { getContract } from '../common/api/get-contract';
import { EscrowDialog } from './escrow-dialog';
import { FeeBreakdown } from './fee-breakdown';
import { usePaymentWait } from './use-payment-wait';

interface FundDialogProps {
  contract: Contract;
  milestone: Milestone;
  onClose: () => void;
  onFunded: (contract: Contract) => void;
}

type Method = 'card' | 'mobile_money';

/** Sends the browser to the provider's hosted page (a seam for the tests). */
export const goTo = { page: (url: string) => window.location.assign(url) };

/**
 * The client pays a milestone into escrow: the fees first, then how. A card
 * is typed on the payment provider's own page (this site never sees it); a
 * mobile-money payment is approved on the client's phone while this dialog
 * waits. The milestone is funded when the provider confirms.
 */
export function FundDialog({ contract, milestone, onClose, onFunded }: FundDialogProps) {
  const { t, i18n } = useLingui();
  const format = useFormatters();
  const needsPayment = milestone.to_pay > 0;
  const [method, setMethod] = useState<Method>('card');
  const [operator, setOperator] = useState<'mtn' | 'orange'>('mtn');
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [waiting, setWaiting] = useState<PayinView | null>(null);
  // One key per attempt: the same body again reuses it (a repeat never pays twice), another body or a refusal takes a new one.
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const phoneId = useId();
  const phoneHintId = useId();
  const cardHintId = useId();
  const mobileHintId = useId();
  const barred = contract.contractor_payable === false;
  const toPay = format.money(milestone.to_pay, contract.currency);
  const payment = usePaymentWait(contract.id, waiting ? milestone.id : null);
  const busy = submitting || waiting !== null;

  // The phone's answer: funded, or refused (the dialog says why and lets the client try again).
  useEffect(() => {
    const now = payment.data;
    if (!waiting || !now || now.state === 'pending') return;
    setWaiting(null);
    attempt.current = null;
    if (now.state === 'funded') {
      notify.success(t`Payment approved. The milestone is funded.`);
      void getContract(contract.id).then(onFunded, () => onClose());
    } else {
      setError(now.message ?? t`The payment did not go through. No money was taken; please try again.`);
    }
  }, [payment.data, waiting, contract.id, onFunded, onClose, t]);

  const pay = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    setPhoneError(null);
    const body: FundBody = !needsPayment || method === 'card' ? { method: 'card' } : { method: 'mobile_money', operator, phone };
    if (body.method === 'mobile_money' && !/^(237)?6\d{8}$/.test(phone.replace(/[\s+().-]/g, ''))) {
      setPhoneError(t`Enter a Cameroonian mobile number, for example 6 70 00 00 00.`);
      document.getElementById(phoneId)?.focus();
      return;
    }
    const text = JSON.stringify(body);
    if (attempt.current?.body !== text) attempt.current = { key: newIdempotencyKey(), body: text };
    setSubmitting(true);
    try {
      const result = await fundMilestone(contract.id, milestone.id, body, attempt.current.key);
      if ('contract' in result) {
        notify.success(
          result.payment ? t`The payment is confirmed. The milestone is funded.` : t`Your escrow credit covered this milestone. It is funded.`,
        );
        onFunded(result.contract);
      } else if (result.payment.method === 'card' && result.payment.redirect_url) {
        goTo.page(result.payment.redirect_url);
        return;
      } else {
        setWaiting(result.payment);
      }
    } catch (caught) {
      // A refusal ends the attempt; with no answer (or a server error) the same key is kept, so a repeat can never pay twice.
      if (isApiError(caught) && caught.kind === 'http' && caught.status < 500) attempt.current = null;
      if (isApiError(caught) && caught.kind === 'http' && caught.status !== 500) {
        const field = caught.errors.phone?.[0];
        if (field) setPhoneError(field);
        else setError(caught.message);
      } else {
        setError(t`We could not reach the payment service. Try again: the same payment is never charged twice.`);
      }
    }
    setSubmitting(false);
  };

  const expiry = waiting?.expires_at
    ? new Intl.DateTimeFormat(format.locale, { hour: '2-digit', minute: '2-digit' }).format(new Date(waiting.expires_at))
    : null;
  const last4 = waiting?.phone_last4 ?? '';

  return (
    <EscrowDialog title={t`Fund milestone ${milestone.position}: ${milestone.title}`} onClose={onClose} busy={submitting}>
      <form className="escrow-form" noValidate aria-busy={busy} onSubmit={(event) => void pay(event)}>
        <FeeBreakdown milestone={milestone} currency={contract.currency} />
        <p className="client-muted">
          <Trans>The money stays in escrow until you release it after the expert’s inspection.</Trans>
        </p>
        <p className="client-muted">
          <Trans>
            The total is what escrow holds, plus the payment provider&apos;s fee. <Link to={pathFor('Fees')}>How fees work</Link>
          </Trans>
        </p>
        {waiting ? (
          <div className="escrow-waiting" role="status" aria-live="polite">
            <span className="ui-spinner__wheel" aria-hidden="true" />
            <div>
              <p className="escrow-waiting__title">
                <Trans>Approve the payment on your phone</Trans>
              </p>
              <p>
                <Trans>
                  A payment request of {toPay} was sent to your number ending {last4}. Confirm it with your mobile money PIN.
                </Trans>
              </p>
              {expiry && (
                <p className="client-muted">
                  <Trans>The request expires at {expiry}. No money is taken until you approve it.</Trans>
                </p>
              )}
            </div>
          </div>
        ) : needsPayment ? (
          <fieldset className="client-fieldset escrow-methods">
            <legend>{t`How do you want to pay?`}</legend>
            <div className="escrow-method">
              <label className="escrow-method__label">
                <input
                  type="radio"
                  name="method"
                  value="card"
                  aria-describedby={cardHintId}
                  checked={method === 'card'}
                  disabled={busy}
                  onChange={() => setMethod('card')}
                />
                {t`Card`}
              </label>
              <p className="client-muted" id={cardHintId}>
                <Trans>You type your card on the payment provider’s secure page; we never see it.</Trans>
              </p>
            </div>
            <div className="escrow-method">
              <label className="escrow-method__label">
                <input
                  type="radio"
                  name="method"
                  value="mobile_money"
                  aria-describedby={mobileHintId}
                  checked={method === 'mobile_money'}
                  disabled={busy}
                  onChange={() => setMethod('mobile_money')}
                />
                {t`Mobile money`}
              </label>
              <p className="client-muted" id={mobileHintId}>
                <Trans>MTN Mobile Money or Orange Money: you approve the payment on your phone.</Trans>
              </p>
            </div>
            {method === 'mobile_money' && (
              <div className="escrow-mobile">
                <label className="ui-field">
                  <span className="ui-field__label">{t`Operator`}</span>
                  <select
                    className="ui-field__input"
                    name="operator"
                    value={operator}
                    disabled={busy}
                    onChange={(event) => setOperator(event.target.value as 'mtn' | 'orange')}
                  >
                    <option value="mtn">{t`MTN Mobile Money`}</option>
                    <option value="orange">{t`Orange Money`}</option>
                  </select>
                </label>
                <div className="ui-field">
                  <label className="ui-field__label" htmlFor={phoneId}>
                    {t`Mobile money number`}
                  </label>
                  <input
                    id={phoneId}
                    className="ui-field__input"
                    name="phone"
                    type="tel"
                    inputMode="tel"
                    autoComplete="tel"
                    aria-required
                    aria-invalid={phoneError ? true : undefined}
                    aria-describedby={phoneHintId}
                    value={phone}
                    disabled={busy}
                    onChange={(event) => setPhone(event.target.value)}
                  />
                  <p className="ui-field__hint" id={phoneHintId}>
                    {phoneError ? <span className="ui-field__error">{phoneError}</span> : t`For example 6 70 00 00 00.`}
                  </p>
                </div>
              </div>
            )}
            <div className="escrow-note">
              <p>
                <Trans>
                  Sandbox payments: no real money moves. On the test page, 4242 4242 4242 4242 succeeds and 4000 0000 0000 0002 is declined; the
                  number 6 70 00 00 00 approves, 6 70 00 00 11 declines.
                </Trans>
              </p>
            </div>
          </fieldset>
        ) : (
          <p className="escrow-note">
            <Trans>Your escrow credit covers this milestone: nothing is charged to a card.</Trans>
          </p>
        )}
        {barred && <FormAlert>{i18n._(ESCROW_API_MESSAGES.contractorBarred)}</FormAlert>}
        {error && <FormAlert>{error}</FormAlert>}
        {submitting && (
          <p className="escrow-progress" role="status">
            <span className="ui-spinner__wheel" aria-hidden="true" /> <Trans>Contacting the payment provider…</Trans>
          </p>
        )}
        <div className="escrow-form__actions">
          {!waiting && (
            <button type="submit" className="ui-button ui-button--accent" disabled={busy || barred}>
              {submitting
                ? t`Please wait…`
                : !needsPayment
                  ? t`Fund with credit`
                  : method === 'card'
                    ? t`Continue to the payment page (${toPay})`
                    : t`Send the request to my phone (${toPay})`}
            </button>
          )}
          <button type="button" className="ui-button ui-button--ghost" disabled={submitting} onClick={onClose}>
            {waiting ? <Trans>Close; the payment goes on</Trans> : <Trans>Cancel</Trans>}
          </button>
        </div>
      </form>
    </EscrowDialog>
  );
}
