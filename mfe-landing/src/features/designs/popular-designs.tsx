import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLocale } from 'shared/i18n';
import { HideOnError, MoneyRange } from 'shared/ui';
import { LINKS } from '../../config/links';
import type { Design, DesignTier } from 'shared/contract';
import { fetchPopularDesigns, type PopularDesignsQuery } from './api/popular-designs';
import { tierSigns, viewerCurrency } from './design-format';
import './popular-designs.css';

const TIER_NAMES: Record<DesignTier, MessageDescriptor> = {
  standard: msg`Standard`,
  premium: msg`Premium`,
  luxury: msg`Luxury`,
};

type State = { status: 'loading' } | { status: 'ready'; designs: Design[] } | { status: 'error' };

const SKELETON_CARDS = 6;

export interface PopularDesignsProps {
  /** The loader; tests pass their own. */
  load?: (query: PopularDesignsQuery) => Promise<Design[]>;
}

/** Featured designs from the API, with a View Catalog link (spec §1). */
export function PopularDesigns({ load = fetchPopularDesigns }: PopularDesignsProps) {
  const { t } = useLingui();
  const [locale] = useLocale();
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    const languages = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language];
    const currency = viewerCurrency(languages);
    load({ locale, ...(currency ? { currency } : {}) }).then(
      (designs) => current && setState({ status: 'ready', designs }),
      () => current && setState({ status: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [load, locale]);

  return (
    <section className="landing-section landing-designs" aria-labelledby="landing-designs-title">
      <div className="ui-container">
        <div className="landing-designs__head">
          <div>
            <p className="landing-eyebrow">
              <Trans>Get inspired</Trans>
            </p>
            <h2 id="landing-designs-title" className="landing-section__title">
              <Trans>Popular designs</Trans>
            </h2>
            <p className="landing-section__lead">
              <Trans>Homes and makeovers our clients love, with an estimated budget to start the conversation.</Trans>
            </p>
          </div>
          <Link className="ui-button ui-button--ghost" to={LINKS.catalog}>
            <Trans>View Catalog</Trans>
          </Link>
        </div>

        {state.status === 'loading' && (
          <ul className="landing-designs__grid" aria-busy="true" aria-label={t`Loading designs`}>
            {Array.from({ length: SKELETON_CARDS }, (_, index) => (
              <li key={index} className="landing-design landing-design--skeleton" aria-hidden="true">
                <div className="landing-design__image" />
                <div className="landing-design__body">
                  <span className="landing-skeleton-line" />
                  <span className="landing-skeleton-line landing-skeleton-line--short" />
                </div>
              </li>
            ))}
          </ul>
        )}

        {state.status === 'error' && (
          <p className="landing-designs__notice" role="alert">
            <Trans>We could not load the designs right now. Please try again in a moment.</Trans>
          </p>
        )}

        {state.status === 'ready' && state.designs.length === 0 && (
          <p className="landing-designs__notice">
            <Trans>New designs are on their way. Check back soon.</Trans>
          </p>
        )}

        {state.status === 'ready' && state.designs.length > 0 && (
          <ul className="landing-designs__grid">
            {state.designs.map((design) => (
              <DesignCard key={design.id} design={design} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function DesignCard({ design }: { design: Design }) {
  const { i18n } = useLingui();
  const tierName = i18n._(TIER_NAMES[design.tier]);
  const area = design.area_m2;
  const { currency, min, max } = design.estimated_cost;
  return (
    <li className="landing-design">
      <div className="landing-design__image">
        <HideOnError src={design.image_url} alt={design.title} width={640} height={400} loading="lazy" decoding="async" />
      </div>
      <div className="landing-design__body">
        <h3 className="landing-design__title">{design.title}</h3>
        <p className="landing-design__meta">
          <span className="landing-design__tier" title={tierName}>
            <span aria-hidden="true">{tierSigns(design.tier)}</span>
            <span className="ui-visually-hidden">{tierName}</span>
          </span>
          <span>
            <Trans>{area} m²</Trans>
          </span>
        </p>
        <p className="landing-design__cost">
          <span className="landing-design__cost-label">
            <Trans>Estimated cost</Trans>
          </span>
          <strong>
            <MoneyRange min={min} max={max} currency={currency} />
          </strong>
        </p>
      </div>
    </li>
  );
}
