import type { AppConfig } from '../../config';
import type { Queryable } from '../../db/database';
import type { PayinProvider } from '../payin-provider';
import { payinProviders, type PayinProviders } from './payin-service';

/**
 * The pay-in providers the configuration chooses: Stripe for cards with
 * `PAYIN_CARD_PROVIDER=stripe`, pawaPay for mobile money with
 * `PAYIN_MOBILE_PROVIDER=pawapay`, the embedded sandbox for what is left
 * (made only when some method needs it). The server and the recovery command
 * share it, so both ask the same providers. An adapter is loaded only when
 * chosen: Stripe's SDK is large, and an instance on the sandbox never needs it.
 */
export async function configuredPayins(db: Queryable, config: AppConfig, sandbox: () => PayinProvider): Promise<PayinProviders> {
  const { escrow } = config;
  const card =
    escrow.payinCardProvider === 'stripe' && escrow.stripe
      ? (await import('./stripe-payins')).createStripePayins(db, { ...escrow.stripe, expiryMinutes: escrow.payinExpiryMinutes })
      : sandbox();
  const mobile =
    escrow.payinMobileProvider === 'pawapay' && escrow.pawapay
      ? (await import('./pawapay-payins')).createPawapayPayins(db, { ...escrow.pawapay, expiryMinutes: escrow.payinExpiryMinutes })
      : sandbox();
  return payinProviders({ card, mobile_money: mobile });
}
