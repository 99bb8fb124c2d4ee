import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { queryKeys } from 'shared/query';
import { pathFor } from 'shared/routing';
import { formatDate } from 'shared/ui';
import { Icon } from '../../lib/icons';
import { getProfessional } from './api/get-professional';
import { CHECK_LABELS, ROLE_LABELS } from './professional-labels';
import { Rating } from './rating';
import { useDirectoryReference } from './use-trade-names';
import '../../lib/landing.css';
import './professionals.css';

/** `/professionals/:id`: one verified specialist's public profile, its dated checks and escrow-backed reviews. */
export default function ProfessionalPage() {
  const { t, i18n } = useLingui();
  const { id = '' } = useParams();
  const { tradeName } = useDirectoryReference();
  const profile = useQuery({ queryKey: queryKeys.professionals.detail(id), queryFn: ({ signal }) => getProfessional(id, signal), retry: false });
  const data = profile.data;
  const missing = profile.isError && isApiError(profile.error) && profile.error.kind === 'http' && profile.error.status === 404;
  const date = (iso: string | null) => formatDate(iso, i18n.locale);

  return (
    <div className="pro-page">
      <section className="ui-container pro-profile">
        <p className="pro-back">
          <Link to={pathFor('Professionals')}>
            <span aria-hidden="true">← </span>
            <Trans>All verified professionals</Trans>
          </Link>
        </p>
        <header className="pro-profile__head">
          <p className="landing-eyebrow">
            <Trans>Verified professional</Trans>
          </p>
          {/* The page's name before the profile arrives (and in the server's HTML): the person's once it has. */}
          <h1 className="landing-section__title">
            {data ? data.title : missing ? <Trans>Professional not found</Trans> : <Trans>Professional profile</Trans>}
          </h1>
          {data ? (
            <p className="pro-card__meta">
              {i18n._(ROLE_LABELS[data.role_label])}
              {data.company && data.company !== data.title ? ` · ${data.company}` : ''} ·{' '}
              {data.location.cities.length > 0 ? data.location.cities.join(', ') : data.location.country}
            </p>
          ) : (
            !profile.isError && (
              <p className="landing-section__lead">
                <Trans>
                  Every professional listed on Fundament passed our checks. Their reviews come only from clients whose contract was completed through
                  escrow.
                </Trans>
              </p>
            )
          )}
        </header>

        {missing ? (
          <div className="ui-card pro-state">
            <p>
              <Trans>This professional is not listed: the address may be wrong, or they are no longer verified.</Trans>
            </p>
            <Link className="ui-button" to={pathFor('Professionals')}>
              <Trans>Browse verified professionals</Trans>
            </Link>
          </div>
        ) : profile.isError ? (
          <div className="ui-card pro-state" role="alert">
            <p>
              <Trans>We could not load this profile right now.</Trans>
            </p>
            <button type="button" className="ui-button" onClick={() => void profile.refetch()}>
              <Trans>Try again</Trans>
            </button>
          </div>
        ) : !data ? (
          <div className="ui-card pro-card--skeleton" aria-busy="true" aria-label={t`Loading the profile`}>
            <span className="landing-skeleton-line" />
            <span className="landing-skeleton-line landing-skeleton-line--short" />
          </div>
        ) : (
          <div className="pro-profile__grid">
            <div className="pro-profile__main">
              {(data.subtitle || data.description) && (
                <section className="ui-card pro-panel" aria-labelledby="pro-about">
                  <h2 id="pro-about">
                    <Trans>About</Trans>
                  </h2>
                  {data.subtitle && <p className="pro-card__subtitle">{data.subtitle}</p>}
                  {data.description && <p>{data.description}</p>}
                  {data.trades.length > 0 && (
                    <ul className="pro-tags" aria-label={t`Trades`}>
                      {data.trades.map((trade) => (
                        <li key={trade}>{tradeName(trade)}</li>
                      ))}
                    </ul>
                  )}
                </section>
              )}
              <section className="ui-card pro-panel" aria-labelledby="pro-reviews">
                <h2 id="pro-reviews">
                  <Trans>Reviews</Trans>
                </h2>
                <Rating rating={data.rating} count={data.review_count} />
                <p className="pro-muted">
                  <Trans>Only the client of a contract completed through escrow can review it, once.</Trans>
                </p>
                {data.reviews.length === 0 ? (
                  <p>
                    <Trans>No client has reviewed a completed contract yet.</Trans>
                  </p>
                ) : (
                  <ul className="pro-reviews">
                    {data.reviews.map((review) => {
                      const stars = review.rating;
                      const trade = tradeName(review.trade);
                      return (
                        <li key={`${review.created_at}-${review.author}`} className="pro-review">
                          <p className="pro-rating">
                            <span className="pro-rating__stars" aria-hidden="true">
                              {'★'.repeat(stars)}
                              {'☆'.repeat(5 - stars)}
                            </span>
                            <span className="ui-visually-hidden">{t`${stars} out of 5 stars`}</span>
                          </p>
                          <p className="pro-review__body">{review.body}</p>
                          <p className="pro-muted">
                            <Trans>
                              {review.author}, {trade} in {review.city}
                            </Trans>{' '}
                            · <time dateTime={review.created_at}>{date(review.created_at)}</time> ·{' '}
                            <span className="pro-review__badge">
                              <Trans>Completed through escrow</Trans>
                            </span>
                          </p>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </section>
            </div>
            <aside className="pro-profile__side">
              <section className="ui-card pro-panel" aria-labelledby="pro-verification">
                <h2 id="pro-verification">
                  <Trans>Verification</Trans>
                </h2>
                <p className="pro-card__verified">
                  <Icon name="shield" size={18} />
                  <Trans>Verified on {date(data.verified_at)}</Trans>
                </p>
                {data.checks.length === 0 ? (
                  <p className="pro-muted">
                    <Trans>Verified by our team; the details of the checks are not published yet.</Trans>
                  </p>
                ) : (
                  <ul className="pro-checks">
                    {data.checks.map((check) => (
                      <li key={check.kind}>
                        <Icon name="check" size={16} />
                        <span>
                          {i18n._(CHECK_LABELS[check.kind])}
                          {check.checked_on && (
                            <>
                              {' '}
                              <span className="pro-muted">
                                · <time dateTime={check.checked_on}>{date(check.checked_on)}</time>
                              </span>
                            </>
                          )}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
                <dl className="pro-facts">
                  <div>
                    <dt>{t`Member since`}</dt>
                    <dd>{date(data.member_since)}</dd>
                  </div>
                  <div>
                    <dt>{t`Contracts completed through escrow`}</dt>
                    <dd>{data.completed_contracts}</dd>
                  </div>
                </dl>
              </section>
              <section className="ui-card pro-panel">
                <h2>
                  <Trans>Work with {data.title}</Trans>
                </h2>
                <p className="pro-muted">
                  <Trans>Post your project, invite them to quote and pay milestone by milestone through escrow.</Trans>
                </p>
                <Link className="ui-button ui-button--accent" to={pathFor('SignUp')}>
                  <Trans>Post a project</Trans>
                </Link>
              </section>
            </aside>
          </div>
        )}
      </section>
    </div>
  );
}
