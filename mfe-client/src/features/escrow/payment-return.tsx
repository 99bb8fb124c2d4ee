import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ContractView as Contract } from 'shared/contract';
import { getContract } from '../common/api/get-contract';
import { usePaymentWait } from './use-payment-wait';

interface PaymentReturnProps {
  contract: Contract;
  onChange: (contract: Contract) => void;
}

/**
 * Back from the provider's hosted page (`?payment=<milestone>`): the
 * payment's state, asked until the provider confirms, then the contract read
 * again, funded. A refusal says why; nothing was taken.
 */
export function PaymentReturn({ contract, onChange }: PaymentReturnProps) {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const milestoneId = params.get('payment');
  const milestone = contract.milestones.find((m) => m.id === milestoneId) ?? null;
  const payment = usePaymentWait(contract.id, contract.my_role === 'client' && milestone ? milestone.id : null);
  const state = payment.data?.state;
  const refreshed = useRef(false);

  useEffect(() => {
    if (state === 'funded' && !refreshed.current) {
      refreshed.current = true;
      void getContract(contract.id).then(onChange, () => undefined);
    }
  }, [state, contract.id, onChange]);

  if (!milestone || contract.my_role !== 'client') return null;
  const dismiss = () => {
    const next = new URLSearchParams(params);
    next.delete('payment');
    setParams(next, { replace: true });
  };
  const position = milestone.position;

  return (
    <section className={`ui-card escrow-payment-return escrow-payment-return--${state ?? 'pending'}`} aria-live="polite">
      {!payment.data || state === 'pending' ? (
        <div className="escrow-waiting" role="status">
          <span className="ui-spinner__wheel" aria-hidden="true" />
          <div>
            <p className="escrow-waiting__title">
              <Trans>Waiting for the payment provider to confirm your payment of milestone {position}…</Trans>
            </p>
            <p className="client-muted">
              <Trans>This takes a few seconds. You can leave this page: the milestone is funded as soon as the provider confirms.</Trans>
            </p>
            {payment.data?.redirect_url && (
              <p>
                <a href={payment.data.redirect_url}>
                  <Trans>Back to the payment page</Trans>
                </a>
              </p>
            )}
          </div>
        </div>
      ) : state === 'funded' ? (
        <p role="status">
          <Trans>Payment confirmed. Milestone {position} is funded.</Trans>{' '}
          <button type="button" className="ui-button ui-button--ghost" onClick={dismiss}>
            <Trans>Dismiss</Trans>
          </button>
        </p>
      ) : (
        <div role="alert">
          <p>{payment.data.message ?? t`The payment did not go through. No money was taken; please try again.`}</p>
          <button type="button" className="ui-button ui-button--ghost" onClick={dismiss}>
            <Trans>Dismiss</Trans>
          </button>
        </div>
      )}
    </section>
  );
}
