import { Trans, useLingui } from '@lingui/react/macro';
import { UsersPage } from './users-page';

export function ClientsPage() {
  const { t } = useLingui();
  return (
    <UsersPage
      role="clients"
      title={<Trans>Clients</Trans>}
      intro={<Trans>Home owners who post projects. Search, review and suspend accounts.</Trans>}
      tableCaption={t`Client accounts`}
    />
  );
}

export function ContractorsPage() {
  const { t } = useLingui();
  return (
    <UsersPage
      role="contractors"
      title={<Trans>Contractors</Trans>}
      intro={<Trans>Contractors, vendors and artisans. Only verified ones receive project requests.</Trans>}
      tableCaption={t`Contractor, vendor and artisan accounts`}
    />
  );
}
