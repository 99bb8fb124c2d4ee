import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLocale } from 'shared/i18n';
import { queryKeys } from 'shared/query';
import { HideOnError, MoneyRange } from 'shared/ui';
import { LINKS } from '../../config/links';
import { useNearScreen } from '../../lib/use-near-screen';
import type { Design, DesignTier } from 'shared/contract';
import { fetchPopularDesigns, type PopularDesignsQuery } from './api/popular-designs';
import { tierSigns, viewerCurrency } from './design-format';
import './popular-designs.css';

const TIER_NAMES: Record<DesignTier, MessageDescriptor> = {
  standard: msg`Standard`,
  premium: msg`Premium`,
  luxury: msg`Luxury`,
};

const SKELETON_CARDS = 6;

export interface PopularDesignsProps {
  /** The loader; tests pass their own. */
  load?: (query: PopularDesignsQuery, signal?: AbortSignal) => Promise<Design[]>;
}

/** Featured designs from the API, with a View Catalog link (docs/product.md §1). */
export function PopularDesigns({ load = fetchPopularDesigns }: PopularDesignsProps) {
  const { t } = useLingui();
  const [locale] = useLocale();
  const languages = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  const currency = viewerCurrency(languages);
  const query: PopularDesignsQuery = { locale, ...(currency ? { currency } : {}) };
  // The last section of the page: asked for when the visitor comes near it, not with the page's first load.
  const section = useRef<HTMLElement>(null);
  const near = useNearScreen(section);
  const designs = useQuery({ queryKey: queryKeys.designs.popular(query), queryFn: ({ signal }) => load(query, signal), enabled: near });

  return (
    <section ref={section} className="landing-section landing-designs" aria-labelledby="landing-designs-title">
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

        {/* Until the visitor comes near, the cards' room is kept but nothing is on its way: not busy. */}
        {designs.isPending && (
          <ul className="landing-designs__grid" aria-busy={designs.isFetching || undefined} aria-label={t`Loading designs`}>
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

        {designs.isError && (
          <p className="landing-designs__notice" role="alert">
            <Trans>We could not load the designs right now. Please try again in a moment.</Trans>
          </p>
        )}

        {designs.data?.length === 0 && (
          <p className="landing-designs__notice">
            <Trans>New designs are on their way. Check back soon.</Trans>
          </p>
        )}

        {designs.data && designs.data.length > 0 && (
          <ul className="landing-designs__grid">
            {designs.data.map((design) => (
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
