import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Icon, type IconName } from '../../lib/icons';

/** The five capabilities (docs/product.md §1, §9). */
export function CapabilitiesSection() {
  const items: Array<{ icon: IconName; title: ReactNode; text: ReactNode }> = [
    {
      icon: 'search',
      title: <Trans>Find specialists</Trans>,
      text: <Trans>Browse a directory of verified professionals by trade, area and rating.</Trans>,
    },
    {
      icon: 'book',
      title: <Trans>Explore home designs</Trans>,
      text: <Trans>Start from popular designs with an estimated cost, then adapt them.</Trans>,
    },
    {
      icon: 'clipboard',
      title: <Trans>Manage your project</Trans>,
      text: <Trans>Keep plans, quotes, invitations and documents in one place.</Trans>,
    },
    {
      icon: 'camera',
      title: <Trans>Track progress and review</Trans>,
      text: <Trans>Follow each milestone with photos and reports, then rate the work.</Trans>,
    },
    {
      icon: 'scale',
      title: <Trans>Mediate disputes</Trans>,
      text: <Trans>An independent partner settles disagreements while funds stay safe.</Trans>,
    },
  ];
  return (
    <section className="landing-section landing-section--tint" aria-labelledby="home-capabilities-title">
      <div className="ui-container">
        <p className="landing-eyebrow">
          <Trans>Capabilities</Trans>
        </p>
        <h2 id="home-capabilities-title" className="landing-section__title">
          <Trans>What you can do on Fundament</Trans>
        </h2>
        <ul className="home-capabilities">
          {items.map((item) => (
            <li key={item.icon} className="home-capabilities__item">
              <span className="landing-icon">
                <Icon name={item.icon} />
              </span>
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
