import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { HideOnError } from 'shared/ui';
import heroImage from '../../assets/hero.svg';
import { LINKS, NEW_TAB } from '../../config/links';
import { Icon } from '../../lib/icons';

/** The first screen: the promise, the sign-up button and the hero art (the likely largest paint, so never lazy). */
export function HeroSection() {
  const { t } = useLingui();
  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
      <div className="ui-container home-hero__layout">
        <div className="home-hero__copy">
          <p className="landing-eyebrow">
            <Trans>Construction · Renovation · Home services</Trans>
          </p>
          <h1 id="home-hero-title" className="home-hero__title">
            <Trans>Build and renovate with confidence, wherever you live</Trans>
          </h1>
          <p className="home-hero__lead">
            <Trans>
              Post your project, compare quotes from verified contractors and pay milestone by milestone: your money stays in escrow until an
              independent expert has inspected the work.
            </Trans>
          </p>
          <div className="landing-actions">
            <a className="ui-button ui-button--accent home-hero__cta" href={LINKS.register} {...NEW_TAB}>
              <Trans>Sign up for free</Trans>
            </a>
            <Link className="ui-button ui-button--ghost home-hero__cta" to={LINKS.contractors}>
              <Trans>I am a contractor</Trans>
            </Link>
          </div>
          {/* On a phone the header has no sign-in button (docs/product.md §2): the first screen offers it. */}
          <p className="home-hero__sign-in">
            <Trans>
              Already have an account? <Link to="/login">Sign in</Link>
            </Trans>
          </p>
          <ul className="home-hero__proof">
            <li>
              <Icon name="shield" size={20} />
              <Trans>Payments held in escrow</Trans>
            </li>
            <li>
              <Icon name="check" size={20} />
              <Trans>Verified professionals only</Trans>
            </li>
            <li>
              <Icon name="clipboard" size={20} />
              <Trans>Independent inspections</Trans>
            </li>
          </ul>
        </div>
        <div className="home-hero__art">
          <HideOnError
            src={heroImage}
            alt={t`A house under construction next to a crane, with a green shield showing the payment is protected`}
            width={640}
            height={400}
            fetchPriority="high"
            decoding="async"
          />
        </div>
      </div>
    </section>
  );
}
