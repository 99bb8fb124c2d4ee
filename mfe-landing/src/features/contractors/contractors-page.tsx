import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { CONTACT } from 'shared/config';
import { HideOnError } from 'shared/ui';
import heroImage from '../../assets/contractors-hero.svg';
import { Icon, type IconName } from '../../lib/icons';
import { HowItWorksStepper } from '../common/how-it-works-stepper';
import { CONTRACTOR_TESTIMONIAL, TestimonialCard } from '../common/testimonials';
import '../../lib/landing.css';
import './contractors.css';

const SIGN_UP_SPECIALISTS = '/sign-up-specialists';

/** The contractor and vendor landing page (docs/product.md §1): join now, steps, how it works, support, a testimonial. */
export default function ContractorsPage() {
  const { t } = useLingui();
  const steps: Array<{ title: ReactNode; text: ReactNode }> = [
    { title: <Trans>Sign up</Trans>, text: <Trans>Create your account as a contractor, artisan, vendor or expert.</Trans> },
    {
      title: <Trans>Send your documents</Trans>,
      text: <Trans>Company registration, insurance and identity: we verify them within a few working days.</Trans>,
    },
    {
      title: <Trans>Win projects</Trans>,
      text: <Trans>Quote on requests near you and get paid as each milestone is approved.</Trans>,
    },
  ];
  const resources: Array<{ icon: IconName; title: ReactNode; text: ReactNode }> = [
    {
      icon: 'headset',
      title: <Trans>Support that answers</Trans>,
      text: <Trans>Our team usually replies in the chat within a few minutes, in English or French.</Trans>,
    },
    {
      icon: 'book',
      title: <Trans>Guides and templates</Trans>,
      text: <Trans>Write clear quotes, plan milestones and document your work for inspections.</Trans>,
    },
    {
      icon: 'wallet',
      title: <Trans>Transparent fees</Trans>,
      text: (
        <Trans>
          No subscription and nothing taken from your payments: the client pays the platform and inspection fees on top of each milestone.{' '}
          <Link to="/fees">See the fees</Link>
        </Trans>
      ),
    },
    {
      icon: 'scale',
      title: <Trans>Fair mediation</Trans>,
      text: <Trans>If a client disputes a milestone, an independent mediator reviews both sides.</Trans>,
    },
  ];

  return (
    <div className="landing">
      <section className="pro-hero" aria-labelledby="pro-hero-title">
        <div className="ui-container pro-hero__layout">
          <div>
            <p className="landing-eyebrow pro-hero__eyebrow">
              <Trans>For contractors, artisans, vendors and experts</Trans>
            </p>
            <h1 id="pro-hero-title" className="pro-hero__title">
              <Trans>Grow your business with verified projects</Trans>
            </h1>
            <p className="pro-hero__lead">
              <Trans>
                Get verified, receive project requests from serious clients and get paid per milestone: the money is in escrow before you start.
              </Trans>
            </p>
            <div className="landing-actions">
              <Link className="ui-button ui-button--accent pro-hero__cta" to={SIGN_UP_SPECIALISTS}>
                <Trans>Join now</Trans>
              </Link>
              <a className="ui-button ui-button--ghost pro-hero__ghost" href={`mailto:${CONTACT.email}`}>
                <Trans>Talk to our team</Trans>
              </a>
            </div>
          </div>
          <div className="pro-hero__art">
            <HideOnError
              src={heroImage}
              alt={t`A house blueprint with a safety helmet and a toolbox`}
              width={640}
              height={440}
              fetchPriority="high"
              decoding="async"
            />
          </div>
        </div>
      </section>

      <section className="landing-section" aria-labelledby="pro-steps-title">
        <div className="ui-container">
          <p className="landing-eyebrow">
            <Trans>Getting started</Trans>
          </p>
          <h2 id="pro-steps-title" className="landing-section__title">
            <Trans>Start in three steps</Trans>
          </h2>
          <ol className="pro-steps">
            {steps.map((step, index) => (
              <li key={index} className="pro-steps__item">
                <span className="pro-steps__number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <HowItWorksStepper variant="expert" />

      <section className="landing-section landing-section--tint" aria-labelledby="pro-support-title">
        <div className="ui-container">
          <p className="landing-eyebrow">
            <Trans>Support and resources</Trans>
          </p>
          <h2 id="pro-support-title" className="landing-section__title">
            <Trans>We help you win and deliver</Trans>
          </h2>
          <ul className="pro-resources">
            {resources.map((resource) => (
              <li key={resource.icon} className="pro-resources__item">
                <span className="landing-icon">
                  <Icon name={resource.icon} />
                </span>
                <h3>{resource.title}</h3>
                <p>{resource.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="landing-section" aria-labelledby="pro-testimonial-title">
        <div className="ui-container pro-testimonial">
          <p className="landing-eyebrow">
            <Trans>Testimonial</Trans>
          </p>
          <h2 id="pro-testimonial-title" className="landing-section__title">
            <Trans>Professionals who already work with us</Trans>
          </h2>
          <TestimonialCard testimonial={CONTRACTOR_TESTIMONIAL} />
          <div className="landing-actions pro-testimonial__cta">
            <Link className="ui-button ui-button--accent" to={SIGN_UP_SPECIALISTS}>
              <Trans>Join now</Trans>
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
