import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ProjectDetail } from 'shared/contract';
import { pathFor } from 'shared/routing';
import { useReferenceNames } from '../common/reference';
import { useProjectReach } from './api/get-project-reach';

/**
 * Tells the owner of a draft or open request how many verified specialists
 * hear of it, and, when few or none do, who a wider choice would reach: a
 * request in a trade nobody does in its city gets no quote, and without this
 * the client would not know why.
 */
export function ProjectReachNote({ project }: { project: ProjectDetail }) {
  const { t } = useLingui();
  const names = useReferenceNames();
  const reach = useProjectReach(project.id);
  // Nothing while it loads or if it fails: the page reads the same without it.
  if (!reach.data) return null;
  const { specialists, elsewhere_in_country: elsewhere } = reach.data;
  const city = project.location.city;
  const country = names.country(project.location.country);
  const broader = names.category('general_renovation');
  const reached =
    specialists === 0
      ? t`No verified specialist of this trade works in ${city} yet: nobody hears of this request.`
      : specialists === 1
        ? t`1 verified specialist of this trade works in ${city}: they hear of this request.`
        : t`${specialists} verified specialists of this trade work in ${city}: each hears of this request.`;
  const wider =
    elsewhere === 1
      ? t`1 more works elsewhere in ${country}: you can invite them to quote.`
      : elsewhere > 1
        ? t`${elsewhere} more work elsewhere in ${country}: you can invite them to quote.`
        : specialists === 0
          ? t`None works elsewhere in ${country} either: a broader trade, such as ${broader}, reaches more specialists.`
          : undefined;
  return (
    <div className={`client-reach${specialists === 0 ? ' client-reach--none' : ''}`} role="status">
      <p>{reached}</p>
      {wider && <p>{wider}</p>}
      {elsewhere > 0 && (
        <p>
          <Link to={`${pathFor('Professionals')}?trade=${encodeURIComponent(project.category)}`}>
            <Trans>See the verified specialists of this trade</Trans>
          </Link>
        </p>
      )}
    </div>
  );
}
