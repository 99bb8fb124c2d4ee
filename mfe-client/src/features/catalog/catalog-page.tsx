import { useAtomValue } from 'jotai';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { queryKeys } from 'shared/query';
import { pathFor } from 'shared/routing';
import { referenceBookAtom } from 'shared/reference';
import { HideOnError, MoneyRange, Pagination } from 'shared/ui';
import { useViewerCountry, useViewerCurrency } from '../common/reference';
import { EmptyState, ErrorState, Skeleton } from '../common/states';
import type { Design } from 'shared/contract';
import { listDesigns } from '../common/api/list-designs';
import { useFilterParams } from '../common/use-filter-params';
import { numberFormat } from 'shared/i18n';

const PAGE_SIZE = 12;

const TIER_SIGNS: Record<Design['tier'], string> = { standard: '$', premium: '$$', luxury: '$$$' };

function TierMark({ tier }: { tier: Design['tier'] }) {
  const { t } = useLingui();
  const name = tier === 'standard' ? t`Standard` : tier === 'premium' ? t`Premium` : t`Luxury`;
  return (
    <span className="client-tier" title={name}>
      <span aria-hidden="true">{TIER_SIGNS[tier]}</span>
      <span className="ui-visually-hidden">{t`Tier: ${name}`}</span>
    </span>
  );
}

function Area({ value }: { value: number }) {
  const { i18n } = useLingui();
  const area = numberFormat(i18n.locale).format(value);
  return <Trans>{area} m²</Trans>;
}

/** `/main/catalog`: designs with estimated costs in the viewer's currency; a project can start from one. */
export function ClientCatalogPage() {
  const { t, i18n } = useLingui();
  const currency = useViewerCurrency();
  const book = useAtomValue(referenceBookAtom);
  const viewerCountry = useViewerCountry();
  // Estimates follow the viewer's country when the reference book knows it.
  const country = book?.countries.some((item) => item.code === viewerCountry) ? viewerCountry : undefined;
  const { get, page, update } = useFilterParams();
  const tier = get('tier');
  const rooms = get('rooms');
  const q = get('q');
  const query = { locale: i18n.locale, currency, country, tier, rooms, q, page, page_size: PAGE_SIZE };
  // The previous page stays on screen (busy) while the next filters load.
  const designs = useQuery({
    queryKey: queryKeys.designs.list(query),
    queryFn: ({ signal }) => listDesigns(query, signal),
    placeholderData: keepPreviousData,
  });
  const shown = designs.data?.data ?? [];

  return (
    <section className="ui-page ui-container client-page">
      <header className="client-page__header">
        <h1>
          <Trans>Catalog</Trans>
        </h1>
        <p className="client-muted">
          <Trans>Designs with estimated costs in {currency}. Estimates, not quotes: specialists quote on your project.</Trans>
        </p>
      </header>
      <form className="client-filters" role="search" aria-label={t`Filter designs`} onSubmit={(event) => event.preventDefault()}>
        <label className="client-filters__field">
          <span>{t`Search`}</span>
          <input className="ui-field__input" type="search" defaultValue={q} onChange={(event) => update('q', event.target.value.trim())} />
        </label>
        <label className="client-filters__field">
          <span>{t`Tier`}</span>
          <select className="ui-field__input" value={tier} onChange={(event) => update('tier', event.target.value)}>
            <option value="">{t`All tiers`}</option>
            <option value="standard">{t`$ Standard`}</option>
            <option value="premium">{t`$$ Premium`}</option>
            <option value="luxury">{t`$$$ Luxury`}</option>
          </select>
        </label>
        <label className="client-filters__field">
          <span>{t`Rooms`}</span>
          <select className="ui-field__input" value={rooms} onChange={(event) => update('rooms', event.target.value)}>
            <option value="">{t`Any number of rooms`}</option>
            <option value="1">1</option>
            <option value="2">2</option>
            <option value="3">3</option>
            <option value="4">{t`4 or more`}</option>
          </select>
        </label>
      </form>
      {designs.status === 'error' ? (
        <ErrorState error={designs.error} onRetry={() => void designs.refetch()} />
      ) : !designs.data ? (
        <Skeleton count={3} />
      ) : shown.length === 0 ? (
        <EmptyState title={<Trans>No design matches these filters</Trans>}>
          <Trans>Try another tier or number of rooms, or clear the search.</Trans>
        </EmptyState>
      ) : (
        <>
          <ul className="client-grid" aria-busy={designs.isFetching}>
            {shown.map((design) => (
              <li key={design.id}>
                <article className="ui-card client-design">
                  <HideOnError className="client-design__image" src={design.image_url} alt="" loading="lazy" width={400} height={260} />
                  <div className="client-design__body">
                    <div className="client-design__top">
                      <h2 className="client-design__title">{design.title}</h2>
                      <TierMark tier={design.tier} />
                    </div>
                    <p className="client-muted">{design.description}</p>
                    <dl className="client-facts">
                      <div>
                        <dt>{t`Rooms`}</dt>
                        <dd>{design.rooms}</dd>
                      </div>
                      <div>
                        <dt>{t`Area`}</dt>
                        <dd>
                          <Area value={design.area_m2} />
                        </dd>
                      </div>
                      <div>
                        <dt>{t`Estimated cost`}</dt>
                        <dd>
                          <MoneyRange min={design.estimated_cost.min} max={design.estimated_cost.max} currency={design.estimated_cost.currency} />
                        </dd>
                      </div>
                    </dl>
                    <Link className="ui-button ui-button--accent" to={`${pathFor('main.create')}?design=${encodeURIComponent(design.id)}`}>
                      <Trans>Start a project from this design</Trans>
                    </Link>
                  </div>
                </article>
              </li>
            ))}
          </ul>
          <Pagination page={page} pageSize={PAGE_SIZE} total={designs.data.meta.total} onPage={(next) => update('page', String(next))} />
        </>
      )}
    </section>
  );
}
