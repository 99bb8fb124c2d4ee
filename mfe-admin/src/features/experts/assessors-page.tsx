import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { adminCalls } from '../api/admin-api';
import { useLoad } from '../common/use-load';
import { UsersPage } from '../users/users-page';
import { CreateExpertForm } from './create-expert-form';

/** Experts (assessors): the table with their workload, and the form to create one. */
export function AssessorsPage() {
  const { t } = useLingui();
  const [version, setVersion] = useState(0);
  // Workload = inspections assigned; none exist until the escrow work adds them.
  const experts = useLoad(`experts:${version}`, () => adminCalls.experts());
  const workload = new Map((experts.data?.data ?? []).map((expert) => [expert.id, expert.workload]));
  return (
    <UsersPage
      role="experts"
      title={<Trans>Assessors</Trans>}
      intro={<Trans>Independent experts who inspect milestones. Create their accounts and follow their workload.</Trans>}
      tableCaption={t`Expert accounts`}
      extraColumn={{
        header: <Trans>Inspections assigned</Trans>,
        cell: (user) => workload.get(user.id) ?? '–',
      }}
    >
      {(reload) => (
        <CreateExpertForm
          onCreated={() => {
            setVersion((n) => n + 1);
            reload();
          }}
        />
      )}
    </UsersPage>
  );
}
