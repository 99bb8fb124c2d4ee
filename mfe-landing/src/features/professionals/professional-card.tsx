import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { pathFor } from 'shared/routing';
import { formatDate } from 'shared/ui';
import type { ProfessionalCard as Card } from 'shared/contract';
import { Icon } from '../../lib/icons';
import { CHECK_LABELS, ROLE_LABELS } from './professional-labels';
import { Rating } from './rating';

/** One verified specialist of the directory: who, where, what was checked, what clients said. */
export function ProfessionalCard({ professional, tradeName }: { professional: Card; tradeName: (code: string) => string }) {
  const { t, i18n } = useLingui();
  const place = professional.location.cities.length > 0 ? professional.location.cities.join(', ') : professional.location.country;
  const verifiedOn = formatDate(professional.verified_at, i18n.locale);
  return (
    <article className="ui-card pro-card">
      <div className="pro-card__head">
        <span className="pro-card__avatar" aria-hidden="true">
          {professional.title.slice(0, 1).toUpperCase()}
        </span>
        <div>
          <h2 className="pro-card__title">
            <Link to={pathFor('Professional', { id: professional.id })}>{professional.title}</Link>
          </h2>
          <p className="pro-card__meta">
            {i18n._(ROLE_LABELS[professional.role_label])} · {place}
          </p>
        </div>
      </div>
      {professional.subtitle && <p className="pro-card__subtitle">{professional.subtitle}</p>}
      <Rating rating={professional.rating} count={professional.review_count} />
      <p className="pro-card__verified">
        <Icon name="shield" size={18} />
        <Trans>Verified on {verifiedOn}</Trans>
      </p>
      {professional.checks.length > 0 && (
        <ul className="pro-checks pro-checks--compact">
          {professional.checks.map((check) => (
            <li key={check.kind}>
              <Icon name="check" size={16} />
              {i18n._(CHECK_LABELS[check.kind])}
            </li>
          ))}
        </ul>
      )}
      {professional.trades.length > 0 && (
        <ul className="pro-tags" aria-label={t`Trades`}>
          {professional.trades.slice(0, 4).map((trade) => (
            <li key={trade}>{tradeName(trade)}</li>
          ))}
        </ul>
      )}
      <Link className="ui-button ui-button--ghost pro-card__link" to={pathFor('Professional', { id: professional.id })}>
        <Trans>View profile</Trans>
        <span className="ui-visually-hidden"> {professional.title}</span>
      </Link>
    </article>
  );
}
