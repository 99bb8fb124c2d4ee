import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { pathFor } from 'shared/routing';
import { Money } from 'shared/ui';
import '../../lib/landing.css';
import './demo.css';

/** A product screen drawn with the product's own classes, framed like a browser window, inert (it shows, it does not act). */
function Screen({ address, children }: { address: string; children: ReactNode }) {
  return (
    <figure className="demo-screen" aria-hidden="true" inert>
      <div className="demo-screen__bar">
        <span className="demo-screen__dots" />
        <span className="demo-screen__address">{address}</span>
      </div>
      <div className="demo-screen__body">{children}</div>
    </figure>
  );
}

function Step({ number, title, text, children }: { number: number; title: ReactNode; text: ReactNode; children: ReactNode }) {
  return (
    <li className="demo-step">
      <div className="demo-step__text">
        <span className="demo-step__number" aria-hidden="true">
          {number}
        </span>
        <h2>{title}</h2>
        <p>{text}</p>
      </div>
      {children}
    </li>
  );
}

/** `/demo`: a walkthrough of the product's own screens, from posting a project to the review. */
export default function DemoPage() {
  const { t } = useLingui();
  return (
    <div className="demo-page">
      <section className="landing-section demo-hero">
        <div className="ui-container">
          <p className="landing-eyebrow">
            <Trans>Product tour</Trans>
          </p>
          <h1 className="landing-section__title">
            <Trans>How a project runs on Fundament</Trans>
          </h1>
          <p className="landing-section__lead">
            <Trans>
              Five screens, from the request to the last payment: post your project, compare quotes from verified professionals, fund a milestone into
              escrow, let an independent expert inspect the work, then release the money and review the job.
            </Trans>
          </p>
        </div>
      </section>
      <section className="ui-container">
        <ol className="demo-steps">
          <Step
            number={1}
            title={<Trans>Post your project</Trans>}
            text={<Trans>Describe the work, the city and your budget. Verified professionals of that trade and area are notified.</Trans>}
          >
            <Screen address="/main/create">
              <p className="demo-label">{t`Project title`}</p>
              <p className="demo-input">{t`Kitchen renovation in Bonapriso`}</p>
              <div className="demo-row">
                <div>
                  <p className="demo-label">{t`Trade`}</p>
                  <p className="demo-input">{t`Kitchen`}</p>
                </div>
                <div>
                  <p className="demo-label">{t`City`}</p>
                  <p className="demo-input">Douala</p>
                </div>
              </div>
              <p className="demo-label">{t`Budget`}</p>
              <p className="demo-input">
                <Money amount={3_000_000} currency="XAF" /> – <Money amount={5_000_000} currency="XAF" />
              </p>
              <span className="ui-button ui-button--accent demo-button">{t`Publish the project`}</span>
            </Screen>
          </Step>
          <Step
            number={2}
            title={<Trans>Compare quotes</Trans>}
            text={
              <Trans>
                Each quote shows the price, the duration and the milestones. Open a professional's profile to read their checks and reviews.
              </Trans>
            }
          >
            <Screen address="/main/projects">
              {[
                { name: 'Conrad & Sons Construction', amount: 4_200_000, days: 45, stars: '★★★★★' },
                { name: 'Douala Kitchens', amount: 4_650_000, days: 38, stars: '★★★★☆' },
              ].map((quote) => (
                <div key={quote.name} className="demo-quote">
                  <div>
                    <strong>{quote.name}</strong>
                    <span className="demo-stars">{quote.stars}</span>
                    <span className="demo-muted">{t`Verified`}</span>
                  </div>
                  <div className="demo-quote__figures">
                    <strong>
                      <Money amount={quote.amount} currency="XAF" />
                    </strong>
                    <span className="demo-muted">{t`${quote.days} days`}</span>
                  </div>
                </div>
              ))}
              <span className="ui-button demo-button">{t`Accept this quote`}</span>
            </Screen>
          </Step>
          <Step
            number={3}
            title={<Trans>Fund a milestone into escrow</Trans>}
            text={
              <Trans>
                The money waits in the contract's escrow account. The professional sees it is there, and cannot touch it before the work is inspected.
              </Trans>
            }
          >
            <Screen address="/main/escrow">
              <p className="demo-label">{t`Milestone 1 · Demolition and plumbing`}</p>
              <p className="demo-amount">
                <Money amount={1_400_000} currency="XAF" />
              </p>
              <div className="demo-progress">
                <span style={{ width: '33%' }} />
              </div>
              <p className="demo-muted">{t`Held in escrow · 1 of 3 milestones funded`}</p>
              <span className="ui-button ui-button--accent demo-button">{t`Fund milestone`}</span>
            </Screen>
          </Step>
          <Step
            number={4}
            title={<Trans>An independent expert inspects</Trans>}
            text={
              <Trans>
                When the professional marks the milestone complete, an expert visits the site, with photos and notes you can read from anywhere.
              </Trans>
            }
          >
            <Screen address="/main/escrow/…">
              <p className="demo-badge">{t`Inspection approved`}</p>
              <p className="demo-muted">{t`Pipes pressure-tested, walls ready for tiling. Photos: 6`}</p>
              <div className="demo-photos">
                <span />
                <span />
                <span />
              </div>
            </Screen>
          </Step>
          <Step
            number={5}
            title={<Trans>Release the payment, then review</Trans>}
            text={
              <Trans>
                You release the milestone and the professional is paid. When the last one is paid, you review the work on their public profile.
              </Trans>
            }
          >
            <Screen address="/add-review">
              <p className="demo-label">{t`Rating`}</p>
              <p className="demo-stars demo-stars--large">★★★★★</p>
              <p className="demo-input demo-input--tall">{t`Clean site, on time and on budget. Photos at every stage.`}</p>
              <span className="ui-button ui-button--accent demo-button">{t`Publish the review`}</span>
            </Screen>
          </Step>
        </ol>
        <div className="ui-card demo-closing">
          <h2>
            <Trans>Ready to try it?</Trans>
          </h2>
          <p className="landing-actions demo-closing__actions">
            <Link className="ui-button ui-button--accent" to={pathFor('SignUp')}>
              <Trans>Sign up for free</Trans>
            </Link>
            <Link className="ui-button ui-button--ghost" to={pathFor('Professionals')}>
              <Trans>View professionals</Trans>
            </Link>
          </p>
        </div>
      </section>
    </div>
  );
}
