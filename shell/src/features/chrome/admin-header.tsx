import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from 'react-router-dom';
import { adminSession } from 'shared/session';
import { BrandLogo } from './brand-logo';
import { LanguageSwitcher } from './language-switcher';
import { PreloadNavLink } from './nav-link-preload';

/** The admin area's navigation (spec §2: clients, contractors, assessors), then the escrow back office, the audit trail and the outbox. */
export function AdminHeader() {
  const { t } = useLingui();
  const navigate = useNavigate();
  return (
    <header className="site-header site-header--admin">
      <div className="ui-container site-header__bar">
        <BrandLogo to="/admin/clients" />
        <span className="site-header__badge">
          <Trans>Admin</Trans>
        </span>
        <nav className="site-header__nav site-header__nav--app" aria-label={t`Admin`}>
          <PreloadNavLink to="/admin/clients" className="nav-link">
            <Trans>Clients</Trans>
          </PreloadNavLink>
          <PreloadNavLink to="/admin/contractors" className="nav-link">
            <Trans>Contractors</Trans>
          </PreloadNavLink>
          <PreloadNavLink to="/admin/assessors" className="nav-link">
            <Trans>Assessors</Trans>
          </PreloadNavLink>
          <PreloadNavLink to="/admin/escrow" className="nav-link">
            <Trans>Escrow</Trans>
          </PreloadNavLink>
          <PreloadNavLink to="/admin/disputes" className="nav-link">
            <Trans>Disputes</Trans>
          </PreloadNavLink>
          <PreloadNavLink to="/admin/audit" className="nav-link">
            <Trans>Audit trail</Trans>
          </PreloadNavLink>
          <PreloadNavLink to="/admin/outbox" className="nav-link">
            <Trans>Outbox</Trans>
          </PreloadNavLink>
        </nav>
        <div className="site-header__actions">
          <LanguageSwitcher />
          <button
            type="button"
            className="ui-button ui-button--ghost"
            onClick={async () => {
              await adminSession.logout();
              navigate('/admin-login', { replace: true });
            }}
          >
            <Trans>Sign out</Trans>
          </button>
        </div>
      </div>
    </header>
  );
}
