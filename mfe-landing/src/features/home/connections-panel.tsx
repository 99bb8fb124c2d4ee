import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Trans } from '@lingui/react/macro';
import { LINKS } from '../../config/links';
import { Icon, type IconName } from '../../lib/icons';

/** The four kinds of professionals we connect clients with, with the links to the directory and to reviews (docs/product.md §1). */
export function ConnectionsPanel() {
  const groups: Array<{ icon: IconName; title: ReactNode; text: ReactNode }> = [
    { icon: 'store', title: <Trans>Vendors</Trans>, text: <Trans>Materials, fittings and equipment delivered to your site.</Trans> },
    { icon: 'hammer', title: <Trans>Artisans</Trans>, text: <Trans>Masons, carpenters, tilers, painters and plumbers.</Trans> },
    { icon: 'helmet', title: <Trans>Contractors</Trans>, text: <Trans>General contractors who run the whole project.</Trans> },
    { icon: 'clipboard', title: <Trans>Experts</Trans>, text: <Trans>Architects and inspectors who check every milestone.</Trans> },
  ];
  return (
    <section className="landing-section home-connections" aria-labelledby="home-connections-title">
      <div className="ui-container">
        <div className="landing-center">
          <p className="landing-eyebrow">
            <Trans>Connections</Trans>
          </p>
          <h2 id="home-connections-title" className="landing-section__title">
            <Trans>One place for every trade your project needs</Trans>
          </h2>
        </div>
        <ul className="home-connections__grid">
          {groups.map((group) => (
            <li key={group.icon} className="home-connections__item">
              <span className="landing-icon">
                <Icon name={group.icon} />
              </span>
              <h3>{group.title}</h3>
              <p>{group.text}</p>
            </li>
          ))}
        </ul>
        <div className="landing-actions home-connections__actions">
          <Link className="ui-button" to={LINKS.professionals}>
            <Trans>View professionals</Trans>
          </Link>
          <Link className="ui-button ui-button--ghost" to={LINKS.addReview}>
            <Trans>Post a review</Trans>
          </Link>
        </div>
      </div>
    </section>
  );
}
