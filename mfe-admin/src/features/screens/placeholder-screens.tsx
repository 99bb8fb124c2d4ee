import { Trans } from '@lingui/react/macro';
import { PagePlaceholder } from 'shared/ui';

// Screens whose content comes with later work; each already has its route, title and translations.

export function ClientsPage() {
  return <PagePlaceholder title={<Trans>Clients</Trans>} />;
}

export function ContractorsAdminPage() {
  return <PagePlaceholder title={<Trans>Contractors</Trans>} />;
}

export function AssessorsPage() {
  return <PagePlaceholder title={<Trans>Assessors</Trans>} />;
}
