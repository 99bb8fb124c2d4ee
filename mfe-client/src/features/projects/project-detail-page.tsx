import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Link, useParams } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { queryKeys } from 'shared/query';
import { pathFor } from 'shared/routing';
import { clientUserAtom } from 'shared/session';
import { useFormatters, useReferenceNames } from '../common/reference';
import { EmptyState, ErrorState, Skeleton } from '../common/states';
import { getProject } from '../common/api/get-project';
import type { ProjectDetail } from 'shared/contract';
import { DocumentsPanel } from './documents-panel';
import { InvitePanel } from './invite-panel';
import { QuoteComparison, QuoteStatus } from './quote-comparison';
import { QuoteForm } from './quote-form';
import { isSpecialist } from '../common/roles';
import { ContractProgress } from './contract-progress';
import { cancelProject } from './api/cancel-project';
import { ConfirmBox } from './confirm-box';
import { ProjectReachNote } from './project-reach';
import { MessageButton, ProjectConversations } from '../common/conversation-links';
import { Money, MoneyRange, notify, SOMETHING_WENT_WRONG } from 'shared/ui';

/** `/main/projects/:id`: what the project is, its documents, and the quotes from either side. */
export function ProjectDetailPage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const project = useQuery({ queryKey: queryKeys.projects.detail(id), queryFn: ({ signal }) => getProject(id, signal) });
  // A change answered by the API is the new project; the lists and the dashboard that count it are read again.
  const changed = (updated: ProjectDetail) => {
    queryClient.setQueryData(queryKeys.projects.detail(id), updated);
    void queryClient.invalidateQueries({ queryKey: queryKeys.projects.lists });
    void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all });
  };

  if (project.status === 'error' && !project.data) {
    if (isApiError(project.error) && project.error.status === 404) {
      return (
        <section className="ui-page ui-container client-page">
          <EmptyState
            level={1}
            title={<Trans>This project cannot be found</Trans>}
            action={
              <Link className="ui-button" to={pathFor('main.projects')}>
                <Trans>Back to projects</Trans>
              </Link>
            }
          >
            <Trans>It may have been removed, or it is not shared with you.</Trans>
          </EmptyState>
        </section>
      );
    }
    return (
      <section className="ui-page ui-container client-page">
        <ErrorState error={project.error} onRetry={() => void project.refetch()} />
      </section>
    );
  }
  if (!project.data) {
    return (
      <section className="ui-page ui-container client-page">
        <Skeleton count={3} variant="line" />
      </section>
    );
  }
  return <ProjectView project={project.data} onChange={changed} />;
}

function ProjectView({ project, onChange }: { project: ProjectDetail; onChange: (project: ProjectDetail) => void }) {
  const { t } = useLingui();
  const user = useAtomValue(clientUserAtom);
  const names = useReferenceNames();
  const format = useFormatters();
  const owner = project.relation === 'owner';
  const chosen = project.quotes.find((quote) => quote.status === 'selected');
  const ownQuote = !owner ? project.quotes[0] : undefined;
  const canQuote = !owner && user && isSpecialist(user) && !ownQuote && project.status === 'open';
  // A specialist asks before quoting, and keeps talking with the owner once they have quoted.
  const canAsk = !owner && user && isSpecialist(user) && (project.status === 'open' || Boolean(ownQuote));

  return (
    <section className="ui-page ui-container client-page client-project">
      <p>
        <Link to={pathFor('main.projects')}>
          <Trans>← All projects</Trans>
        </Link>
      </p>
      <header className="ui-card client-project__header">
        <div className="client-project-card__top">
          <span className={`client-badge client-badge--${project.status}`}>{names.status(project.status)}</span>
          <span className="client-project-card__category">{names.category(project.category)}</span>
        </div>
        <h1>{project.title}</h1>
        <dl className="client-facts client-facts--wide">
          <div>
            <dt>{t`Location`}</dt>
            <dd>
              {project.location.city}, {names.country(project.location.country)}
            </dd>
          </div>
          <div>
            <dt>{t`Budget`}</dt>
            <dd>
              <MoneyRange min={project.budget.min} max={project.budget.max} currency={project.budget.currency} fallback={t`Not said`} />
            </dd>
          </div>
          <div>
            <dt>{t`Desired start`}</dt>
            <dd>{project.desired_start ? format.date(project.desired_start) : t`Not said`}</dd>
          </div>
          <div>
            <dt>{t`Created`}</dt>
            <dd>
              <time dateTime={project.created_at}>{format.date(project.created_at)}</time>
            </dd>
          </div>
          <div>
            <dt>{t`Created by`}</dt>
            <dd>{project.created_by.name}</dd>
          </div>
          <div>
            <dt>{t`Bids`}</dt>
            <dd>{project.bid_count}</dd>
          </div>
        </dl>
        <p className="client-pre">{project.description}</p>
        {owner && (project.status === 'draft' || project.status === 'open') && <ProjectReachNote project={project} />}
        {canAsk && (
          <p>
            <MessageButton projectId={project.id} className="ui-button">
              {ownQuote ? <Trans>Message the client</Trans> : <Trans>Ask a question</Trans>}
            </MessageButton>
          </p>
        )}
      </header>

      {owner && chosen && (
        <section className="ui-card client-contract" aria-labelledby="client-contract-title">
          <h2 id="client-contract-title">
            <Trans>Contract signed</Trans>
          </h2>
          <p>
            <Trans>
              You selected {chosen.specialist.company || chosen.specialist.name} for {format.money(chosen.amount, chosen.currency)}.
            </Trans>
          </p>
          {project.contract_id && (
            <>
              <ContractProgress contractId={project.contract_id} />
              <Link className="ui-button" to={pathFor('main.contract', { id: project.contract_id })}>
                <Trans>Open the contract in escrow</Trans>
              </Link>
            </>
          )}
        </section>
      )}
      {owner && project.status === 'draft' && (
        <section className="ui-card client-contract" aria-labelledby="client-draft-title">
          <h2 id="client-draft-title">
            <Trans>Draft</Trans>
          </h2>
          <p>
            <Trans>Only you can see this draft. Specialists hear of it once you publish it.</Trans>
          </p>
          <Link className="ui-button ui-button--accent" to={`${pathFor('main.create')}?draft=${encodeURIComponent(project.id)}`}>
            <Trans>Continue the draft</Trans>
          </Link>
        </section>
      )}
      {project.status === 'cancelled' && (
        <p className="ui-card client-state" role="status">
          <Trans>This project is cancelled.</Trans>
        </p>
      )}
      {owner && user && <ProjectConversations projectId={project.id} ownerId={user.id} />}
      {owner && (project.status === 'draft' || project.status === 'open') && <CancelProject project={project} onCancelled={onChange} />}
      {!owner && project.contract_id && (
        <div className="ui-card client-contract" role="status">
          <h2>
            <Trans>Your quote was selected</Trans>
          </h2>
          <p>
            <Trans>The client funds each milestone in escrow; you are paid once the expert approves the work and the client releases it.</Trans>
          </p>
          <ContractProgress contractId={project.contract_id} />
          <Link className="ui-button" to={pathFor('main.contract', { id: project.contract_id })}>
            <Trans>Open the contract in escrow</Trans>
          </Link>
        </div>
      )}

      <div className="client-project__columns">
        <DocumentsPanel
          projectId={project.id}
          documents={project.documents}
          owner={owner}
          onChange={(documents) => onChange({ ...project, documents })}
        />
        {owner && project.status === 'open' && <InvitePanel projectId={project.id} />}
      </div>

      {owner && (
        <QuoteComparison
          projectId={project.id}
          quotes={project.quotes}
          open={project.status === 'open'}
          onSelected={(selection) =>
            onChange({ ...project, status: 'contracted', quotes: selection.quotes, contract_id: selection.contract_id ?? project.contract_id })
          }
        />
      )}

      {!owner && ownQuote && (
        <section className="ui-card client-panel" aria-labelledby="client-own-quote-title">
          <h2 id="client-own-quote-title">
            <Trans>Your quote</Trans>
          </h2>
          <QuoteStatus status={ownQuote.status} />
          <dl className="client-facts">
            <div>
              <dt>{t`Total`}</dt>
              <dd>
                <Money amount={ownQuote.amount} currency={ownQuote.currency} />
              </dd>
            </div>
            <div>
              <dt>{t`Duration`}</dt>
              <dd>{ownQuote.duration_days === 1 ? t`1 day` : t`${ownQuote.duration_days} days`}</dd>
            </div>
          </dl>
          <ol className="client-quote__milestones">
            {ownQuote.milestones.map((milestone) => (
              <li key={milestone.position}>
                <span>{milestone.title}</span>
                <span>
                  <Money amount={milestone.amount} currency={ownQuote.currency} />
                </span>
              </li>
            ))}
          </ol>
        </section>
      )}

      {canQuote && (
        <QuoteForm
          projectId={project.id}
          currency={project.budget.currency}
          onSubmitted={(quote) => onChange({ ...project, quotes: [quote], bid_count: project.bid_count + 1 })}
        />
      )}
      {!owner && !ownQuote && project.status !== 'open' && (
        <p className="ui-card client-state">
          <Trans>This project has already chosen its partner.</Trans>
        </p>
      )}
    </section>
  );
}

/** The owner withdraws a draft or a request nobody is contracted on yet, after saying so twice. */
function CancelProject({ project, onCancelled }: { project: ProjectDetail; onCancelled: (project: ProjectDetail) => void }) {
  const { i18n } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    setBusy(true);
    try {
      onCancelled(await cancelProject(project.id));
    } catch (error) {
      notify.error(isApiError(error) && error.status > 0 && error.status < 500 ? error.message : i18n._(SOMETHING_WENT_WRONG));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  if (confirming) {
    return (
      <ConfirmBox busy={busy} confirmLabel={<Trans>Yes, cancel it</Trans>} onConfirm={() => void cancel()} onCancel={() => setConfirming(false)}>
        <Trans>Cancel “{project.title}”? Specialists can no longer quote on it.</Trans>
      </ConfirmBox>
    );
  }
  return (
    <p>
      <button type="button" className="ui-button ui-button--ghost" onClick={() => setConfirming(true)}>
        <Trans>Cancel the project</Trans>
      </button>
    </p>
  );
}
