import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { pathFor } from 'shared/routing';
import { HideOnError } from 'shared/ui';
import { useReferenceNames } from '../common/reference';
import type { ServiceCard } from 'shared/contract';

export function RoleLabel({ label }: { label: ServiceCard['role_label'] }) {
  const { t } = useLingui();
  const text = label === 'contractor' ? t`Contractor` : label === 'vendor' ? t`Vendor` : t`Professional`;
  return <span className={`client-badge client-badge--role-${label}`}>{text}</span>;
}

/** Spec §2 service card: subtitle, title, description, company, role label and categories. */
export function SpecialistCard({ specialist }: { specialist: ServiceCard }) {
  const names = useReferenceNames();
  const initials = specialist.title
    .split(/\s+/)
    .filter((word) => /^\p{L}/u.test(word))
    .slice(0, 2)
    .map((word) => word.charAt(0))
    .join('')
    .toUpperCase();
  return (
    <article className="ui-card client-specialist-card">
      <div className="client-specialist-card__head">
        <div className="client-avatar" aria-hidden="true">
          {specialist.photo_url ? <HideOnError src={specialist.photo_url} alt="" /> : initials}
        </div>
        <div>
          {specialist.subtitle && <p className="client-specialist-card__subtitle">{specialist.subtitle}</p>}
          <h3 className="client-specialist-card__title">
            <Link to={pathFor('main.specialist', { id: specialist.id })}>{specialist.title}</Link>
          </h3>
          {specialist.company && specialist.company !== specialist.title && <p className="client-muted">{specialist.company}</p>}
        </div>
      </div>
      <p className="client-specialist-card__description">{specialist.description}</p>
      <div className="client-tags">
        <RoleLabel label={specialist.role_label} />
        {specialist.categories.map((group) => (
          <span key={group} className="client-tag">
            {names.group(group)}
          </span>
        ))}
      </div>
      <p className="client-muted">
        {specialist.location.cities.length > 0 ? `${specialist.location.cities.join(', ')} · ` : ''}
        {names.country(specialist.location.country)} · <Trans>Verified</Trans>
      </p>
    </article>
  );
}
