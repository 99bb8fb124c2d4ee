import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Trans } from '@lingui/react/macro';
import { queryKeys } from 'shared/query';
import { pathFor } from 'shared/routing';
import { clientUserAtom } from 'shared/session';
import { EmptyState, ErrorState, Skeleton } from '../common/states';
import { getProject } from '../common/api/get-project';
import { listProjects } from '../common/api/list-projects';
import type { ProjectCard } from 'shared/contract';
import { isExpert, isSpecialist } from '../common/roles';
import type { InviteView } from 'shared/contract';
import { listInvites } from '../common/api/list-invites';
import { EscrowTile } from './escrow-tile';
import { InspectionsTile } from './inspections-tile';
import { InvitationList } from './invitation-list';
import { PayoutsTile } from './payouts-tile';
import { getOwnProfile } from '../common/api/specialist-profile';
import { ServicesCard } from './services-card';
import { Tile } from './tile';
import { MessagesNote } from './messages-note';
import { FirstRunChecklist, type ChecklistStep } from './first-run-checklist';
import { useContracts } from './use-contracts';
import type { Me } from 'shared/contract';

/** `/main/dashboard`: what needs attention, for each role (issue "Marketplace core"). */
export function DashboardPage() {
  const user = useAtomValue(clientUserAtom);
  if (!user) return null;
  const name = typeof user.first_name === 'string' ? user.first_name : '';
  return (
    <section className="ui-page ui-container client-page client-dashboard">
      <header className="client-page__header">
        <h1>{name ? <Trans>Welcome, {name}</Trans> : <Trans>Dashboard</Trans>}</h1>
      </header>
      <MessagesNote />
      {isSpecialist(user) ? <SpecialistDashboard /> : isExpert(user) ? <ExpertDashboard user={user} /> : <ClientDashboard />}
    </section>
  );
}

function ProjectLinks({ projects, empty }: { projects: ProjectCard[]; empty: ReactNode }) {
  if (projects.length === 0) return <p className="client-muted">{empty}</p>;
  return (
    <ul className="client-links">
      {projects.slice(0, 5).map((project) => (
        <li key={project.id}>
          <Link to={pathFor('main.project', { id: project.id })}>{project.title}</Link>
        </li>
      ))}
    </ul>
  );
}

function ClientDashboard() {
  // Asked for beside the projects, not once they have answered and the checklist and escrow tile render.
  useContracts();
  const data = useQuery({
    queryKey: queryKeys.dashboard.client(),
    queryFn: async ({ signal }) => {
      const [drafts, open, contracted, inProgress] = await Promise.all(
        (['draft', 'open', 'contracted', 'in_progress'] as const).map((status) => listProjects({ status, page_size: 50 }, signal)),
      );
      return { drafts: drafts!, open: open!, contracted: contracted!, inProgress: inProgress! };
    },
  });
  if (data.status === 'error') return <ErrorState error={data.error} onRetry={() => void data.refetch()} />;
  if (!data.data) return <Skeleton count={4} />;
  const { drafts, open, contracted, inProgress } = data.data;
  const withQuotes = open.data.filter((project) => project.bid_count > 0);
  const waiting = withQuotes.reduce((sum, project) => sum + project.bid_count, 0);
  // Active: from open for quotes until the last release; drafts wait apart, to be finished.
  const active = open.meta.total + contracted.meta.total + inProgress.meta.total;
  const underContract = contracted.meta.total + inProgress.meta.total;
  return (
    <>
      <ClientChecklist posted={active > 0} chosen={underContract > 0} hasDraft={drafts.meta.total > 0} />
      <div className="client-tiles">
        <Tile title={<Trans>Active projects</Trans>} value={active}>
          <ProjectLinks projects={[...inProgress.data, ...contracted.data, ...open.data]} empty={<Trans>No active project.</Trans>} />
        </Tile>
        {drafts.meta.total > 0 && (
          <Tile title={<Trans>Drafts</Trans>} value={drafts.meta.total}>
            <ul className="client-links">
              {drafts.data.slice(0, 5).map((project) => (
                <li key={project.id}>
                  <Link to={`${pathFor('main.create')}?draft=${encodeURIComponent(project.id)}`}>{project.title}</Link>
                </li>
              ))}
            </ul>
          </Tile>
        )}
        <Tile title={<Trans>Quotes waiting</Trans>} value={waiting}>
          <ProjectLinks projects={withQuotes} empty={<Trans>No quote to review yet.</Trans>} />
        </Tile>
        <EscrowTile />
      </div>
      <section className="ui-card client-panel">
        <h2>
          <Trans>Next actions</Trans>
        </h2>
        <ul className="client-links">
          {withQuotes.map((project) => (
            <li key={project.id}>
              <Link to={pathFor('main.project', { id: project.id })}>
                <Trans>Compare the quotes for “{project.title}”</Trans>
              </Link>
            </li>
          ))}
          {open.data
            .filter((project) => project.bid_count === 0)
            .slice(0, 3)
            .map((project) => (
              <li key={project.id}>
                <Link to={pathFor('main.specialists')}>
                  <Trans>Invite specialists to quote on “{project.title}”</Trans>
                </Link>
              </li>
            ))}
          <li>
            <Link to={pathFor('main.create')}>
              <Trans>Post a new project</Trans>
            </Link>
          </li>
        </ul>
      </section>
    </>
  );
}

/** A new client's three steps: post, choose a quote, fund the first milestone. */
function ClientChecklist({ posted, chosen, hasDraft }: { posted: boolean; chosen: boolean; hasDraft: boolean }) {
  const contracts = useContracts();
  const funded = (contracts.data ?? []).some((contract) => contract.account.funded > 0);
  // Until the contracts have answered, a client who chose a quote may have funded: say nothing rather than "to do".
  if (chosen && !contracts.data) return null;
  return (
    <FirstRunChecklist
      steps={[
        {
          id: 'post',
          title: <Trans>Post your first project</Trans>,
          text: hasDraft ? (
            <Trans>Your draft is saved: finish it and publish it so verified specialists can quote.</Trans>
          ) : (
            <Trans>Describe the work, where and your budget. Verified specialists in that trade and city are told at once.</Trans>
          ),
          state: posted ? 'done' : 'todo',
          to: pathFor('main.create'),
        },
        {
          id: 'choose',
          title: <Trans>Compare the quotes and choose one</Trans>,
          text: <Trans>Quotes arrive on your project page; you can also invite specialists from the directory.</Trans>,
          state: chosen ? 'done' : posted ? 'todo' : 'later',
          to: pathFor('main.projects'),
        },
        {
          id: 'fund',
          title: <Trans>Fund the first milestone into escrow</Trans>,
          text: <Trans>The money stays in escrow until you release it after the expert&apos;s inspection.</Trans>,
          state: funded ? 'done' : chosen ? 'todo' : 'later',
          to: pathFor('main.escrow'),
        },
      ]}
    />
  );
}

/** What a payee needs before the first payout; the payout method itself is asked for when a first payment is due. */
const PAYOUT_STEP: ChecklistStep = {
  id: 'payout',
  title: <Trans>Set a payout method</Trans>,
  text: <Trans>Where your released payments go. You set it when your first payment is due.</Trans>,
  state: 'later',
};

function SpecialistDashboard() {
  const queryClient = useQueryClient();
  const data = useQuery({
    queryKey: queryKeys.dashboard.specialist(),
    queryFn: async ({ signal }) => {
      const profile = await getOwnProfile(signal);
      if (!profile.verified) return { profile, requests: null, invites: [] as InviteView[], contracts: [] as ProjectCard[] };
      const [requests, invites, contracted, inProgress] = await Promise.all([
        listProjects({ status: 'open', page_size: 50 }, signal),
        listInvites(signal),
        listProjects({ status: 'contracted', page_size: 20 }, signal),
        listProjects({ status: 'in_progress', page_size: 20 }, signal),
      ]);
      // A project under contract may have gone to someone else: keep those whose selected quote is ours.
      const underContract = [...inProgress.data, ...contracted.data];
      const details = await Promise.all(underContract.map((project) => getProject(project.id, signal)));
      const contracts = underContract.filter((_, index) => details[index]?.quotes.some((quote) => quote.status === 'selected'));
      return { profile, requests, invites, contracts };
    },
  });
  type SpecialistData = NonNullable<typeof data.data>;
  const patch = (change: Partial<SpecialistData>) =>
    queryClient.setQueryData<SpecialistData>(queryKeys.dashboard.specialist(), (current) => (current ? { ...current, ...change } : current));
  if (data.status === 'error') return <ErrorState error={data.error} onRetry={() => void data.refetch()} />;
  if (!data.data) return <Skeleton count={4} />;
  const { profile, requests, invites, contracts } = data.data;
  const pending = invites.filter((invite) => invite.status === 'pending');
  const fresh = requests?.data ?? [];
  const described = profile.categories.length > 0 && profile.service_cities.length > 0 && profile.description.trim() !== '';
  return (
    <>
      <FirstRunChecklist
        steps={[
          {
            id: 'services',
            title: <Trans>Describe your services</Trans>,
            text: <Trans>Your trades and cities decide which projects reach you: fill in “Your services” below.</Trans>,
            state: described ? 'done' : 'todo',
            to: '#client-services-title',
          },
          {
            id: 'verified',
            title: <Trans>Get verified</Trans>,
            text: (
              <Trans>
                We check your identity and company registers, visit your premises and call past customers. Requests arrive once you are verified.
              </Trans>
            ),
            state: profile.verified ? 'done' : 'todo',
          },
          PAYOUT_STEP,
        ]}
      />
      {!profile.verified ? (
        <EmptyState title={<Trans>Your account is being verified</Trans>}>
          <Trans>Requests arrive once it is. Meanwhile, describe your services below so the right projects reach you.</Trans>
        </EmptyState>
      ) : (
        <div className="client-tiles">
          <Tile title={<Trans>New requests</Trans>} value={requests?.meta.total ?? 0}>
            <ProjectLinks projects={fresh} empty={<Trans>No open request in your trades and area right now.</Trans>} />
          </Tile>
          <Tile title={<Trans>Invitations</Trans>} value={pending.length}>
            <InvitationList
              invites={pending}
              onAnswered={(answered) => patch({ invites: invites.map((invite) => (invite.id === answered.id ? answered : invite)) })}
            />
          </Tile>
          <Tile title={<Trans>Active contracts</Trans>} value={contracts.length}>
            <ProjectLinks projects={contracts} empty={<Trans>No contract yet. Selected quotes appear here.</Trans>} />
          </Tile>
          <PayoutsTile />
        </div>
      )}
      <ServicesCard
        profile={profile}
        onSaved={(saved) => {
          patch({ profile: saved });
          void queryClient.invalidateQueries({ queryKey: queryKeys.specialists.own() });
        }}
      />
    </>
  );
}

function ExpertDashboard({ user }: { user: Me }) {
  return (
    <>
      <FirstRunChecklist
        steps={[
          {
            id: 'profile',
            title: <Trans>Add your photo and phone number</Trans>,
            text: <Trans>Clients and contractors see who comes to inspect, and the contractor can call you about the visit.</Trans>,
            state: user.photo_url && user.phone_number ? 'done' : 'todo',
            to: pathFor('main.settings'),
          },
          {
            id: 'verified',
            title: <Trans>Get verified</Trans>,
            text: <Trans>We check your qualifications and identity. Only verified experts are assigned inspections.</Trans>,
            state: user.verified ? 'done' : 'todo',
          },
          PAYOUT_STEP,
        ]}
      />
      <div className="client-tiles">
        <InspectionsTile />
      </div>
    </>
  );
}
