import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { hasPermission } from 'shared/permissions';
import { useForm } from 'shared/forms';
import { queryKeys } from 'shared/query';
import { SpecialistInviteSchema } from 'shared/schemas';
import { pathFor } from 'shared/routing';
import { clientUserAtom } from 'shared/session';
import { HideOnError, notify, SOMETHING_WENT_WRONG } from 'shared/ui';
import { useFormatters, useReferenceNames } from '../common/reference';
import { EmptyState, ErrorState, Skeleton } from '../common/states';
import { listProjects } from '../common/api/list-projects';
import type { InviteView, SpecialistPublicProfile } from 'shared/contract';
import { getSpecialist } from './api/get-specialist';
import { listInvites } from '../common/api/list-invites';
import { sendInvite } from '../common/api/send-invite';
import { RoleLabel } from './specialist-card';

/** `/main/specialists/:id`: a verified specialist's profile, reviews and "Invite to a project". */
export function SpecialistPage() {
  const { id = '' } = useParams();
  const profile = useQuery({ queryKey: queryKeys.specialists.detail(id), queryFn: ({ signal }) => getSpecialist(id, signal) });
  return (
    <section className="ui-page ui-container client-page">
      <p>
        <Link to={pathFor('main.specialists')}>
          <Trans>← All specialists</Trans>
        </Link>
      </p>
      {profile.status === 'error' ? (
        isApiError(profile.error) && profile.error.status === 404 ? (
          <EmptyState level={1} title={<Trans>This specialist cannot be found</Trans>} />
        ) : (
          <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />
        )
      ) : !profile.data ? (
        <Skeleton count={2} variant="line" />
      ) : (
        <Profile profile={profile.data} />
      )}
    </section>
  );
}

function Profile({ profile }: { profile: SpecialistPublicProfile }) {
  const { t } = useLingui();
  const user = useAtomValue(clientUserAtom);
  const names = useReferenceNames();
  const format = useFormatters();
  return (
    <div className="client-profile">
      <header className="ui-card client-profile__header">
        {profile.photo_url && <HideOnError className="client-profile__photo" src={profile.photo_url} alt={t`Photo of ${profile.contact_name}`} />}
        <div>
          {profile.subtitle && <p className="client-specialist-card__subtitle">{profile.subtitle}</p>}
          <h1>{profile.title}</h1>
          <p className="client-muted">{profile.contact_name}</p>
          <div className="client-tags">
            <RoleLabel label={profile.role_label} />
            {profile.categories.map((group) => (
              <span key={group} className="client-tag">
                {names.group(group)}
              </span>
            ))}
          </div>
        </div>
      </header>
      <div className="client-project__columns">
        <section className="ui-card client-panel">
          <h2>
            <Trans>About</Trans>
          </h2>
          <p className="client-pre">{profile.description || t`No description yet.`}</p>
          <dl className="client-facts">
            <div>
              <dt>{t`Trades`}</dt>
              <dd>{profile.trades.map((trade) => names.category(trade)).join(', ')}</dd>
            </div>
            <div>
              <dt>{t`Area`}</dt>
              <dd>
                {profile.location.cities.length > 0 ? `${profile.location.cities.join(', ')}, ` : ''}
                {names.country(profile.location.country)}
              </dd>
            </div>
            <div>
              <dt>{t`Verified since`}</dt>
              <dd>{format.date(profile.verified_at)}</dd>
            </div>
            <div>
              <dt>{t`Member since`}</dt>
              <dd>{format.date(profile.member_since)}</dd>
            </div>
          </dl>
        </section>
        <section className="ui-card client-panel">
          <h2>
            <Trans>Reviews</Trans>
          </h2>
          {profile.reviews.length === 0 ? (
            <p className="client-muted">
              <Trans>No reviews yet. Reviews come from clients whose escrow payments were released.</Trans>
            </p>
          ) : (
            <ul className="client-reviews">
              {profile.reviews.map((review) => (
                <li key={`${review.created_at}-${review.author}`}>
                  <p>
                    <strong>{t`${review.rating} out of 5`}</strong> · {review.project_title}
                  </p>
                  <p className="client-pre">{review.body}</p>
                  <p className="client-muted">
                    <Trans>
                      {review.author}, verified client, {format.date(review.created_at)}
                    </Trans>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      {hasPermission(user, 'CAN_INVITE_SPECIALISTS') && <InviteToProject specialistId={profile.id} name={profile.title} />}
    </div>
  );
}

const OPEN_PROJECTS = { status: 'open', page_size: 50 };

function InviteToProject({ specialistId, name }: { specialistId: string; name: string }) {
  const { t, i18n } = useLingui();
  const projects = useQuery({
    queryKey: queryKeys.projects.list(OPEN_PROJECTS),
    queryFn: ({ signal }) => listProjects(OPEN_PROJECTS, signal),
  });
  const form = useForm({
    initialValues: { project_id: '', message: '' },
    schema: SpecialistInviteSchema,
    toInput: (values) => ({ ...values, specialist_id: specialistId }),
    onError: (error) => {
      notify.error(isApiError(error) && error.status === 409 ? error.message : i18n._(SOMETHING_WENT_WRONG));
      return true;
    },
  });
  const projectId = form.values.project_id;
  const sending = form.submitting;
  const queryClient = useQueryClient();
  // The projects this specialist is already invited to: marked at once after sending.
  const sent = useQuery({ queryKey: queryKeys.invites.list(), queryFn: ({ signal }) => listInvites(signal) });
  const invitedTo = new Set(
    (sent.data ?? []).filter((invite) => invite.specialist?.id === specialistId && invite.project).map((invite) => invite.project!.id),
  );

  const send = form.handleSubmit(async (invite) => {
    const created = await sendInvite(invite);
    queryClient.setQueryData<InviteView[]>(queryKeys.invites.list(), (current) => [created, ...(current ?? [])]);
    void queryClient.invalidateQueries({ queryKey: queryKeys.invites.all });
    notify.success(t`${name} has been invited to quote.`);
    form.setValue('project_id', '');
    form.setValue('message', '');
  });

  return (
    <section className="ui-card client-panel" aria-labelledby="client-invite-to-project">
      <h2 id="client-invite-to-project">
        <Trans>Invite to a project</Trans>
      </h2>
      {projects.status === 'error' ? (
        <ErrorState error={projects.error} onRetry={() => void projects.refetch()} />
      ) : !projects.data ? (
        <Skeleton count={1} variant="line" />
      ) : projects.data.data.length === 0 ? (
        <p>
          <Trans>You have no open project to invite to.</Trans>{' '}
          <Link to={pathFor('main.create')}>
            <Trans>Post a project</Trans>
          </Link>
        </p>
      ) : (
        <form
          className="client-invite-form"
          ref={form.formRef}
          onSubmit={(event) => {
            if (projectId) void send(event);
            else event.preventDefault();
          }}
        >
          <label className="client-filters__field">
            <span>{t`Project`}</span>
            <select className="ui-field__input" value={projectId} required onChange={(event) => form.setValue('project_id', event.target.value)}>
              <option value="">{t`Choose one of your open projects`}</option>
              {projects.data.data.map((project) => (
                <option key={project.id} value={project.id} disabled={invitedTo.has(project.id)}>
                  {invitedTo.has(project.id) ? t`${project.title} (invited)` : project.title}
                </option>
              ))}
            </select>
          </label>
          <label className="client-filters__field">
            <span>{t`Message (optional)`}</span>
            <textarea
              className="ui-field__input client-textarea"
              rows={3}
              maxLength={1000}
              value={form.values.message}
              onChange={(event) => form.setValue('message', event.target.value)}
            />
          </label>
          <button type="submit" className="ui-button" disabled={!projectId || sending}>
            {sending ? t`Sending…` : t`Send the invitation`}
          </button>
        </form>
      )}
    </section>
  );
}
