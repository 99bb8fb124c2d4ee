import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { pathFor } from 'shared/routing';
import { MoneyRange } from 'shared/ui';
import { useFormatters, useReferenceNames } from '../common/reference';
import type { ProjectCard as ProjectCardData } from 'shared/contract';

/** Spec §2: title, created at, location, created by, quote type, bid count. */
export function ProjectCard({ project }: { project: ProjectCardData }) {
  const { t } = useLingui();
  const names = useReferenceNames();
  const format = useFormatters();
  const bids = project.bid_count;
  return (
    <article className="ui-card client-project-card">
      <div className="client-project-card__top">
        <span className={`client-badge client-badge--${project.status}`}>{names.status(project.status)}</span>
        <span className="client-project-card__category">{names.category(project.category)}</span>
      </div>
      <h3 className="client-project-card__title">
        <Link to={pathFor('main.project', { id: project.id })}>{project.title}</Link>
      </h3>
      <dl className="client-facts">
        <div>
          <dt>{t`Created`}</dt>
          <dd>
            <time dateTime={project.created_at}>{format.date(project.created_at)}</time>
          </dd>
        </div>
        <div>
          <dt>{t`Location`}</dt>
          <dd>
            {project.location.city}, {names.country(project.location.country)}
          </dd>
        </div>
        <div>
          <dt>{t`Created by`}</dt>
          <dd>{project.created_by.name}</dd>
        </div>
        <div>
          <dt>{t`Quote type`}</dt>
          <dd>{t`Request a quote`}</dd>
        </div>
        {(project.budget.min !== null || project.budget.max !== null) && (
          <div>
            <dt>{t`Budget`}</dt>
            <dd>
              <MoneyRange min={project.budget.min} max={project.budget.max} currency={project.budget.currency} />
            </dd>
          </div>
        )}
      </dl>
      <p className="client-project-card__bids">
        {bids === 0 ? <Trans>No bids yet</Trans> : bids === 1 ? <Trans>1 bid</Trans> : <Trans>{bids} bids</Trans>}
      </p>
    </article>
  );
}
