import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { CHECK_KINDS } from 'shared/contract';
import { queryKeys } from 'shared/query';
import { pathFor } from 'shared/routing';
import { Pagination } from 'shared/ui';
import { Icon } from '../../lib/icons';
import { listProfessionals } from './api/list-professionals';
import { ProfessionalCard } from './professional-card';
import { CHECK_LABELS } from './professional-labels';
import { useDirectoryReference } from './use-trade-names';
// The filters' selects take the form look.
import 'shared/forms';
import { useHydrated } from '../../lib/use-hydrated';
import '../../lib/landing.css';
import './professionals.css';

const PAGE_SIZE = 12;
const NO_PARAMS = new URLSearchParams();

/** `/professionals`: the public directory of verified specialists, filtered by trade and city. */
export default function ProfessionalsPage() {
  const { t, i18n } = useLingui();
  const [searchParams, setParams] = useSearchParams();
  // The prerendered page has no filters: they apply from the first render after hydration.
  const params = useHydrated() ? searchParams : NO_PARAMS;
  const category = params.get('trade') ?? '';
  const city = params.get('city') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { book, tradeName, cities } = useDirectoryReference();
  const query = { category, city, page, page_size: PAGE_SIZE };
  const directory = useQuery({
    queryKey: queryKeys.professionals.list(query),
    queryFn: ({ signal }) => listProfessionals(query, signal),
    placeholderData: keepPreviousData,
  });
  const update = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        if (name !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );
  const filtered = Boolean(category || city);

  return (
    <div className="pro-page">
      <section className="landing-section pro-hero">
        <div className="ui-container">
          <p className="landing-eyebrow">
            <Trans>Directory</Trans>
          </p>
          <h1 className="landing-section__title">
            <Trans>Verified professionals</Trans>
          </h1>
          <p className="landing-section__lead">
            <Trans>
              Contractors, artisans and vendors who passed our checks. Every rating comes from a client whose contract was completed and paid through
              escrow, so no review can be bought or written by a stranger.
            </Trans>
          </p>
          <ul className="pro-checks pro-hero__checks" aria-label={t`What we check before listing anyone`}>
            {CHECK_KINDS.map((kind) => (
              <li key={kind}>
                <Icon name="check" size={16} />
                {i18n._(CHECK_LABELS[kind])}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="ui-container pro-results" aria-labelledby="pro-results-title">
        <h2 id="pro-results-title" className="ui-visually-hidden">
          <Trans>Professionals</Trans>
        </h2>
        <form className="pro-filters" role="search" aria-label={t`Filter professionals`} onSubmit={(event) => event.preventDefault()}>
          <label className="pro-filters__field">
            <span>{t`Trade`}</span>
            <select className="ui-field__input" value={category} onChange={(event) => update('trade', event.target.value)}>
              <option value="">{t`All trades`}</option>
              {book?.category_groups.map((group) => (
                <optgroup key={group.code} label={group.name}>
                  {book.categories
                    .filter((item) => item.group === group.code)
                    .map((item) => (
                      <option key={item.code} value={item.code}>
                        {item.name}
                      </option>
                    ))}
                </optgroup>
              ))}
            </select>
          </label>
          <label className="pro-filters__field">
            <span>{t`City`}</span>
            <select className="ui-field__input" value={city} onChange={(event) => update('city', event.target.value)}>
              <option value="">{t`All cities`}</option>
              {cities.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          {filtered && (
            <button type="button" className="ui-button ui-button--ghost pro-filters__clear" onClick={() => setParams({}, { replace: true })}>
              <Trans>Clear filters</Trans>
            </button>
          )}
        </form>

        {directory.isError ? (
          <div className="ui-card pro-state" role="alert">
            <p>
              <Trans>We could not load the professionals right now.</Trans>
            </p>
            <button type="button" className="ui-button" onClick={() => void directory.refetch()}>
              <Trans>Try again</Trans>
            </button>
          </div>
        ) : !directory.data ? (
          <ul className="pro-grid" aria-busy="true" aria-label={t`Loading professionals`}>
            {[0, 1, 2].map((index) => (
              <li key={index} className="ui-card pro-card pro-card--skeleton" aria-hidden="true">
                <span className="landing-skeleton-line" />
                <span className="landing-skeleton-line landing-skeleton-line--short" />
                <span className="landing-skeleton-line" />
              </li>
            ))}
          </ul>
        ) : directory.data.data.length === 0 ? (
          <div className="ui-card pro-state">
            <h3>{filtered ? <Trans>No verified professional matches these filters</Trans> : <Trans>No verified professional yet</Trans>}</h3>
            <p>
              {filtered ? (
                <Trans>Try another trade or city: many professionals work across the whole country.</Trans>
              ) : (
                <Trans>Our team is verifying the first professionals. Post your project and they will be invited to quote.</Trans>
              )}
            </p>
            <p className="landing-actions pro-state__actions">
              {filtered && (
                <button type="button" className="ui-button" onClick={() => setParams({}, { replace: true })}>
                  <Trans>Clear filters</Trans>
                </button>
              )}
              <Link className="ui-button ui-button--ghost" to={pathFor('SignUpSpecialists')}>
                <Trans>Are you a professional? Get verified</Trans>
              </Link>
            </p>
          </div>
        ) : (
          <>
            <p className="pro-count" aria-live="polite">
              {directory.data.meta.total === 1 ? (
                <Trans>1 verified professional</Trans>
              ) : (
                <Trans>{directory.data.meta.total} verified professionals</Trans>
              )}
            </p>
            <ul className="pro-grid" aria-busy={directory.isFetching}>
              {directory.data.data.map((professional) => (
                <li key={professional.id}>
                  <ProfessionalCard professional={professional} tradeName={tradeName} />
                </li>
              ))}
            </ul>
            <Pagination page={page} pageSize={PAGE_SIZE} total={directory.data.meta.total} onPage={(next) => update('page', String(next))} />
          </>
        )}
      </section>
    </div>
  );
}
