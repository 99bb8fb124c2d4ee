import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { EXPERT_FEE_MINIMUM, EXPERT_FEE_PER_MILLE, PLATFORM_FEE_PER_MILLE, milestoneFees } from 'shared/money';
import { Money } from 'shared/ui';
import { LINKS } from '../../config/links';
import '../../lib/landing.css';
import './fees.css';

/** The issue's own example: a milestone of 3,000,000 XAF, and a small one where the expert's minimum applies. */
const EXAMPLE = { amount: 3_000_000, currency: 'XAF' };
const SMALL = { amount: 500_000, currency: 'XAF' };

/**
 * `/fees`: what a client pays, with the same fee rules the escrow charges
 * (`shared/money/fees`), so every figure here is the fund dialog's figure.
 */
export default function FeesPage() {
  const { i18n } = useLingui();
  // A rate in tenths of a percent as the reader's language writes it: 15 → "1.5" ("1,5" in French).
  const percent = (perMille: number) => i18n.number(perMille / 10);
  const fees = milestoneFees(EXAMPLE.amount, EXAMPLE.currency);
  const total = EXAMPLE.amount + fees.expert_fee + fees.platform_fee;
  const small = milestoneFees(SMALL.amount, SMALL.currency);
  const platformRate = percent(PLATFORM_FEE_PER_MILLE);
  const expertRate = percent(EXPERT_FEE_PER_MILLE);
  const smallShare = percent(Math.round((small.expert_fee * 1000) / SMALL.amount));
  const minimumXaf = <Money amount={EXPERT_FEE_MINIMUM.XAF ?? 0} currency="XAF" />;
  const minimumEur = <Money amount={EXPERT_FEE_MINIMUM.EUR ?? 0} currency="EUR" />;
  return (
    <article className="ui-container fees">
      <header className="fees__header">
        <h1>
          <Trans>What you pay</Trans>
        </h1>
        <p className="fees__lead">
          <Trans>
            Creating an account, posting a project and receiving quotes are free. When you fund a milestone, you pay its amount and two fees, all held
            in escrow until you release the milestone, plus the payment provider&apos;s fee.
          </Trans>
        </p>
      </header>

      <section className="fees__section" aria-labelledby="fees-what">
        <h2 id="fees-what">
          <Trans>The fees on each milestone</Trans>
        </h2>
        <dl className="fees__list">
          <div>
            <dt>
              <Trans>Platform fee: {platformRate} %</Trans>
            </dt>
            <dd>
              <Trans>Of the milestone amount. It pays for verification, escrow and mediation.</Trans>
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Expert inspection fee: {expertRate} %</Trans>
            </dt>
            <dd>
              <Trans>
                Of the milestone amount, and at least {minimumXaf} (or {minimumEur}): one visit of the independent expert who inspects the work before
                you release the money. It goes to the expert.
              </Trans>
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Payment provider&apos;s fee</Trans>
            </dt>
            <dd>
              <Trans>Charged by the card or mobile-money provider on the payment, and shown before you pay.</Trans>
            </dd>
          </div>
        </dl>
      </section>

      <section className="fees__section" aria-labelledby="fees-example">
        <h2 id="fees-example">
          <Trans>An example</Trans>
        </h2>
        <table className="fees__table">
          <caption>
            <Trans>
              Example: a milestone of <Money amount={EXAMPLE.amount} currency={EXAMPLE.currency} />
            </Trans>
          </caption>
          <tbody>
            <tr>
              <th scope="row">
                <Trans>Milestone amount</Trans>
              </th>
              <td>
                <Money amount={EXAMPLE.amount} currency={EXAMPLE.currency} />
              </td>
            </tr>
            <tr>
              <th scope="row">
                <Trans>Expert inspection fee</Trans>
              </th>
              <td>
                <Money amount={fees.expert_fee} currency={EXAMPLE.currency} />
              </td>
            </tr>
            <tr>
              <th scope="row">
                <Trans>Platform fee ({platformRate} %)</Trans>
              </th>
              <td>
                <Money amount={fees.platform_fee} currency={EXAMPLE.currency} />
              </td>
            </tr>
            <tr className="fees__total">
              <th scope="row">
                <Trans>Total held in escrow</Trans>
              </th>
              <td>
                <Money amount={total} currency={EXAMPLE.currency} />
              </td>
            </tr>
          </tbody>
        </table>
        <p className="fees__note">
          <Trans>plus the payment provider&apos;s fee on the payment.</Trans>
        </p>
        <p>
          <Trans>
            On a small milestone the expert&apos;s visit weighs more: on <Money amount={SMALL.amount} currency={SMALL.currency} /> the inspection fee
            is <Money amount={small.expert_fee} currency={SMALL.currency} />, {smallShare} % of the amount.
          </Trans>
        </p>
      </section>

      <section className="fees__section" aria-labelledby="fees-when">
        <h2 id="fees-when">
          <Trans>When the fees are paid out</Trans>
        </h2>
        <p>
          <Trans>
            Nothing leaves escrow until you release the milestone. If a milestone is refunded, its fees are refunded with it. The fund dialog shows
            every figure before you pay.
          </Trans>
        </p>
      </section>

      <p className="landing-actions">
        <Link className="ui-button ui-button--accent" to={LINKS.register}>
          <Trans>Sign up for free</Trans>
        </Link>
        <Link className="ui-button ui-button--ghost" to="/">
          <Trans>Back to the home page</Trans>
        </Link>
      </p>
    </article>
  );
}
