import { Trans, useLingui } from '@lingui/react/macro';
import { HideOnError } from 'shared/ui';
import constructionImage from '../../assets/banner-construction.svg';
import renovationImage from '../../assets/banner-renovation.svg';
import { Icon } from '../../lib/icons';

/** What we provide: verified contractors and vendors, and the two kinds of work (docs/product.md §1). */
export function ProvidePanel() {
  const { t } = useLingui();
  return (
    <section className="landing-section landing-section--tint" aria-labelledby="home-provide-title">
      <div className="ui-container">
        <p className="landing-eyebrow">
          <Trans>What we provide</Trans>
        </p>
        <h2 id="home-provide-title" className="landing-section__title">
          <Trans>Everything you need to build safely</Trans>
        </h2>
        <div className="home-provide">
          <article className="home-provide__verified">
            <span className="landing-icon">
              <Icon name="shield" />
            </span>
            <h3>
              <Trans>Verified contractors and vendors</Trans>
            </h3>
            <p>
              <Trans>
                Every professional is checked before they can quote: identity and registers, a visit to their premises, interviews with past customers
                and a look at their finances.
              </Trans>
            </p>
            <ul className="home-checklist">
              <li>
                <Trans>Identity and company registers</Trans>
              </li>
              <li>
                <Trans>On-site visits</Trans>
              </li>
              <li>
                <Trans>Previous customers interviewed</Trans>
              </li>
              <li>
                <Trans>Financial checks</Trans>
              </li>
            </ul>
          </article>
          <article className="home-banner">
            <HideOnError
              src={constructionImage}
              alt={t`A building rising floor by floor beside a crane`}
              width={640}
              height={400}
              loading="lazy"
              decoding="async"
            />
            <div className="home-banner__text">
              <h3>
                <Trans>Constructions</Trans>
              </h3>
              <p>
                <Trans>Houses, extensions and small buildings, from the foundations to the keys.</Trans>
              </p>
            </div>
          </article>
          <article className="home-banner">
            <HideOnError
              src={renovationImage}
              alt={t`A room being repainted with new furniture`}
              width={640}
              height={400}
              loading="lazy"
              decoding="async"
            />
            <div className="home-banner__text">
              <h3>
                <Trans>Renovations</Trans>
              </h3>
              <p>
                <Trans>Kitchens, bathrooms, roofs and full makeovers, with the same protection.</Trans>
              </p>
            </div>
          </article>
        </div>
      </div>
    </section>
  );
}
