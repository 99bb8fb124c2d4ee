import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Trans } from '@lingui/react/macro';
import { pathFor } from 'shared/routing';
import '../../lib/landing.css';
import './about.css';

/** The footer's "About" (`/#about`): who we are and how the platform keeps its promises. */
export function AboutSection() {
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (hash !== '#about') return;
    // After the shell's scroll to the top of a new page, which runs once this effect has.
    const frame = requestAnimationFrame(() => section.current?.scrollIntoView({ block: 'start' }));
    return () => cancelAnimationFrame(frame);
  }, [hash]);

  return (
    <section ref={section} id="about" className="landing-section landing-section--tint home-about" aria-labelledby="home-about-title" tabIndex={-1}>
      <div className="ui-container home-about__grid">
        <div>
          <p className="landing-eyebrow">
            <Trans>About us</Trans>
          </p>
          <h2 id="home-about-title" className="landing-section__title">
            <Trans>Building at home, from anywhere, without the worry</Trans>
          </h2>
          <p className="landing-section__lead">
            <Trans>
              Fundament was started for families who build or renovate a home in Cameroon and West Africa while living elsewhere. We check every
              professional before they are listed, hold your money in escrow per milestone, and have independent experts inspect the work before
              anyone is paid.
            </Trans>
          </p>
          <p className="landing-actions">
            <Link className="ui-button" to={pathFor('Demo')}>
              <Trans>Take the product tour</Trans>
            </Link>
            <Link className="ui-button ui-button--ghost" to={pathFor('Professionals')}>
              <Trans>View professionals</Trans>
            </Link>
          </p>
        </div>
        <ul className="home-about__facts">
          <li>
            <strong>
              <Trans>Four checks</Trans>
            </strong>
            <span>
              <Trans>Identity and register, a site visit, previous customers and finances, before anyone is listed.</Trans>
            </span>
          </li>
          <li>
            <strong>
              <Trans>Escrow per milestone</Trans>
            </strong>
            <span>
              <Trans>Your money is released only after an independent inspection, and ring-fenced if a contractor fails.</Trans>
            </span>
          </li>
          <li>
            <strong>
              <Trans>Reviews from real contracts</Trans>
            </strong>
            <span>
              <Trans>Only a client whose contract was completed through escrow can review it.</Trans>
            </span>
          </li>
        </ul>
      </div>
    </section>
  );
}
