import { Trans } from '@lingui/react/macro';
import { PagePlaceholder } from 'shared/ui';

// Screens whose content comes with later work; each already has its route, title and translations.

export function DashboardPage() {
  return <PagePlaceholder title={<Trans>Dashboard</Trans>} />;
}

export function ProjectsPage() {
  return <PagePlaceholder title={<Trans>Projects</Trans>} />;
}

export function CreateProjectPage() {
  return <PagePlaceholder title={<Trans>Create a project</Trans>} />;
}

export function SettingsPage() {
  return <PagePlaceholder title={<Trans>Personal information</Trans>} />;
}

export function SpecialistsPage() {
  return <PagePlaceholder title={<Trans>Specialists</Trans>} />;
}

export function EscrowPage() {
  return <PagePlaceholder title={<Trans>Escrow</Trans>} />;
}

export function ClientCatalogPage() {
  return <PagePlaceholder title={<Trans>Catalog</Trans>} />;
}
