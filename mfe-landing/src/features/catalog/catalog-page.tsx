import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Design, DesignTier } from 'shared/contract';
import { queryKeys } from 'shared/query';
import { localizationAtom, referenceBookAtom } from 'shared/reference';
import { pathFor } from 'shared/routing';
import { STORAGE_KEYS, browserStorage, clientUserAtom } from 'shared/session';
import { HideOnError, MoneyRange, Pagination } from 'shared/ui';
import { listCatalog } from './api/list-catalog';
// The filters' selects take the form look.
import 'shared/forms';
import { useHydrated } from '../../lib/use-hydrated';
import '../../lib/landing.css';
import './catalog.css';

const PAGE_SIZE = 12;
const NO_PARAMS = new URLSearchParams();
/** The currencies the API converts estimates to. */
const CURRENCIES = ['XAF', 'XOF', 'EUR', 'USD', 'GBP', 'CAD', 'CHF'] as const;

const TIER_NAMES: Record<DesignTier, MessageDescriptor> = { standard: msg`Standard`, premium: msg`Premium`, luxury: msg`Luxury` };
const TIER_SIGNS: Record<DesignTier, string> = { standard: '$', premium: '$$', luxury: '$$$' };

/** Where a project from a design starts: the create-project form, prefilled with the design. */
const createFrom = (design: Design) => `${pathFor('main.create')}?design=${encodeURIComponent(design.id)}`;

/** `/catalog`: the public design catalog, costs estimated for a country in the visitor's currency. */
export default function CatalogPage() {
  const { t, i18n } = useLingui();
  const book = useAtomValue(referenceBookAtom);
  const localization = useAtomValue(localizationAtom);
  const [searchParams, setParams] = useSearchParams();
  // The prerendered page has no filters: they apply from the first render after hydration.
  const params = useHydrated() ? searchParams : NO_PARAMS;
  const fallbackCurrency =
    localization?.currency && (CURRENCIES as readonly string[]).includes(localization.currency)
      ? localization.currency
      : i18n.locale === 'fr'
        ? 'EUR'
        : 'USD';
  const fallbackCountry = localization?.country && book?.countries.some((item) => item.code === localization.country) ? localization.country : '';
  const currency = params.get('currency') || fallbackCurrency;
  const country = params.get('country') ?? fallbackCountry;
  const tier = params.get('tier') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = { locale: i18n.locale, currency, country: country || undefined, tier: tier || undefined, page, page_size: PAGE_SIZE };
  const designs = useQuery({
    queryKey: queryKeys.designs.list({ ...query, public: true }),
    queryFn: ({ signal }) => listCatalog(query, signal),
    placeholderData: keepPreviousData,
  });
  const update = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(name, value);
        if (name !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );
  const countryName = book?.countries.find((item) => item.code === country)?.name;

  return (
    <div className="catalog-page">
      <section className="landing-section catalog-hero">
        <div className="ui-container">
          <p className="landing-eyebrow">
            <Trans>Design catalog</Trans>
          </p>
          <h1 className="landing-section__title">
            <Trans>Home designs with estimated costs</Trans>
          </h1>
          <p className="landing-section__lead">
            <Trans>
              Houses and makeovers in three tiers, with a cost estimated for the country where you would build, in your currency. Estimates, not
              quotes: pick a design and verified professionals quote on your project.
            </Trans>
          </p>
          <ul className="catalog-tiers" aria-label={t`Tiers`}>
            <li>
              <strong>$ {i18n._(TIER_NAMES.standard)}</strong> <Trans>Sound materials and simple finishes.</Trans>
            </li>
            <li>
              <strong>$$ {i18n._(TIER_NAMES.premium)}</strong> <Trans>Better fittings, more space and light.</Trans>
            </li>
            <li>
              <strong>$$$ {i18n._(TIER_NAMES.luxury)}</strong> <Trans>Architect-led, high-end materials throughout.</Trans>
            </li>
          </ul>
        </div>
      </section>

      <section className="ui-container catalog-results" aria-labelledby="catalog-results-title">
        <h2 id="catalog-results-title" className="ui-visually-hidden">
          <Trans>Designs</Trans>
        </h2>
        <form className="catalog-filters" role="search" aria-label={t`Filter designs`} onSubmit={(event) => event.preventDefault()}>
          <label className="catalog-filters__field">
            <span>{t`Where you would build`}</span>
            <select className="ui-field__input" value={country} onChange={(event) => update('country', event.target.value)}>
              <option value="">{t`Reference prices (France)`}</option>
              {book?.countries.map((item) => (
                <option key={item.code} value={item.code}>
                  {item.name}
                </option>
              ))}
            </select>
          </label>
          <label className="catalog-filters__field">
            <span>{t`Currency`}</span>
            <select className="ui-field__input" value={currency} onChange={(event) => update('currency', event.target.value)}>
              {CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </label>
          <label className="catalog-filters__field">
            <span>{t`Tier`}</span>
            <select className="ui-field__input" value={tier} onChange={(event) => update('tier', event.target.value)}>
              <option value="">{t`All tiers`}</option>
              {(['standard', 'premium', 'luxury'] as const).map((code) => (
                <option key={code} value={code}>
                  {TIER_SIGNS[code]} {i18n._(TIER_NAMES[code])}
                </option>
              ))}
            </select>
          </label>
        </form>
        <p className="catalog-note" aria-live="polite">
          {countryName ? (
            <Trans>
              Estimated for building in {countryName}, in {currency}.
            </Trans>
          ) : (
            <Trans>Estimated at French prices, in {currency}.</Trans>
          )}
        </p>

        {designs.isError ? (
          <div className="ui-card catalog-state" role="alert">
            <p>
              <Trans>We could not load the designs right now.</Trans>
            </p>
            <button type="button" className="ui-button" onClick={() => void designs.refetch()}>
              <Trans>Try again</Trans>
            </button>
          </div>
        ) : !designs.data ? (
          <ul className="catalog-grid" aria-busy="true" aria-label={t`Loading designs`}>
            {[0, 1, 2].map((index) => (
              <li key={index} className="ui-card catalog-card catalog-card--skeleton" aria-hidden="true">
                <div className="catalog-card__image" />
                <span className="landing-skeleton-line" />
                <span className="landing-skeleton-line landing-skeleton-line--short" />
              </li>
            ))}
          </ul>
        ) : designs.data.data.length === 0 ? (
          <div className="ui-card catalog-state">
            <p>
              <Trans>No design in this tier yet. Try another tier.</Trans>
            </p>
          </div>
        ) : (
          <>
            <ul className="catalog-grid" aria-busy={designs.isFetching}>
              {designs.data.data.map((design) => (
                <li key={design.id}>
                  <DesignCard design={design} />
                </li>
              ))}
            </ul>
            <Pagination page={page} pageSize={PAGE_SIZE} total={designs.data.meta.total} onPage={(next) => update('page', String(next))} />
          </>
        )}
      </section>
    </div>
  );
}

function DesignCard({ design }: { design: Design }) {
  const { t, i18n } = useLingui();
  const client = useAtomValue(clientUserAtom);
  const navigate = useNavigate();
  const tierName = i18n._(TIER_NAMES[design.tier]);
  const area = new Intl.NumberFormat(i18n.locale).format(design.area_m2);
  const rooms = design.rooms;
  const { min, max, currency } = design.estimated_cost;
  const title = design.title;
  // Signed out: the sign-in page first, which then opens the prefilled form it was asked for.
  const signInFirst = () => {
    browserStorage().setItem(STORAGE_KEYS.requestedClientPage, createFrom(design));
    navigate(pathFor('Login'));
  };
  return (
    <article className="ui-card catalog-card">
      <div className="catalog-card__image">
        <HideOnError src={design.image_url} alt="" width={640} height={400} loading="lazy" decoding="async" />
      </div>
      <div className="catalog-card__body">
        <div className="catalog-card__top">
          <h3 className="catalog-card__title">{title}</h3>
          <span className="catalog-card__tier" title={tierName}>
            <span aria-hidden="true">{TIER_SIGNS[design.tier]}</span>
            <span className="ui-visually-hidden">{t`Tier: ${tierName}`}</span>
          </span>
        </div>
        <p className="catalog-card__description">{design.description}</p>
        <p className="catalog-card__facts">
          {rooms === 1 ? <Trans>1 room</Trans> : <Trans>{rooms} rooms</Trans>} · <Trans>{area} m²</Trans>
        </p>
        <p className="catalog-card__cost">
          <span>
            <Trans>Estimated cost</Trans>
          </span>
          <strong>
            <MoneyRange min={min} max={max} currency={currency} />
          </strong>
        </p>
        {client ? (
          <Link className="ui-button ui-button--accent" to={createFrom(design)}>
            <Trans>Start a project from this design</Trans>
            <span className="ui-visually-hidden">: {title}</span>
          </Link>
        ) : (
          <button type="button" className="ui-button ui-button--accent" onClick={signInFirst}>
            <Trans>Sign in to start a project from this design</Trans>
            <span className="ui-visually-hidden">: {title}</span>
          </button>
        )}
      </div>
    </article>
  );
}
