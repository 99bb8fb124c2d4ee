import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from 'shared/query';
import { Trans, useLingui } from '@lingui/react/macro';
import { adminCalls } from '../common/api/admin-api';
import { UsersPage } from './users-page';
import { CreateExpertForm } from './create-expert-form';

/** Experts (assessors): the table with their workload, and the form to create one. */
export function AssessorsPage() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  // Workload = inspections assigned.
  const experts = useQuery({ queryKey: queryKeys.admin.experts(), queryFn: ({ signal }) => adminCalls.experts(signal) });
  const workload = new Map((experts.data?.data ?? []).map((expert) => [expert.id, expert.workload]));
  return (
    <UsersPage
      role="experts"
      title={<Trans>Experts</Trans>}
      intro={<Trans>Independent experts who inspect milestones. Create their accounts and follow their workload.</Trans>}
      tableCaption={t`Expert accounts`}
      extraColumn={{
        header: <Trans>Inspections assigned</Trans>,
        label: t`Inspections assigned`,
        cell: (user) => workload.get(user.id) ?? '–',
      }}
    >
      {(reload) => (
        <CreateExpertForm
          onCreated={() => {
            void queryClient.invalidateQueries({ queryKey: queryKeys.admin.experts() });
            reload();
          }}
        />
      )}
    </UsersPage>
  );
}
