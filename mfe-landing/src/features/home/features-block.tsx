import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { PLATFORM_FEE_PER_MILLE } from 'shared/config';
import type { ReactNode } from 'react';
import { Icon, type IconName } from '../../lib/icons';

/** The four-feature content block: message, ray, shield and featured icons (docs/product.md §1). */
export function FeaturesBlock() {
  const { i18n } = useLingui();
  const platformRate = i18n.number(PLATFORM_FEE_PER_MILLE / 10);
  const features: Array<{ icon: IconName; title: ReactNode; text: ReactNode }> = [
    {
      icon: 'message',
      title: <Trans>Talk in one place</Trans>,
      text: <Trans>Messages, files and decisions stay attached to your project.</Trans>,
    },
    {
      icon: 'ray',
      title: <Trans>Quotes in days, not weeks</Trans>,
      text: <Trans>Matching professionals are notified as soon as you post.</Trans>,
    },
    {
      icon: 'shield',
      title: <Trans>Protected payments</Trans>,
      text: (
        <Trans>
          A {platformRate} % platform fee and the expert&apos;s inspection fee on each milestone, plus the payment provider&apos;s fee; your money
          stays in escrow until you approve. <Link to="/fees">See the fees</Link>
        </Trans>
      ),
    },
    {
      icon: 'star',
      title: <Trans>Reviews you can trust</Trans>,
      text: <Trans>Only clients with a real contract can rate a professional.</Trans>,
    },
  ];
  return (
    <section className="landing-section landing-section--tint" aria-labelledby="home-features-title">
      <div className="ui-container home-features">
        <div>
          <p className="landing-eyebrow">
            <Trans>Why Fundament</Trans>
          </p>
          <h2 id="home-features-title" className="landing-section__title">
            <Trans>Designed for owners who cannot be on site every day</Trans>
          </h2>
          <p className="landing-section__lead">
            <Trans>Whether you live next door or on another continent, you keep control of the budget and the quality.</Trans>
          </p>
        </div>
        <ul className="home-features__grid">
          {features.map((feature) => (
            <li key={feature.icon}>
              <span className="landing-icon">
                <Icon name={feature.icon} />
              </span>
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
