import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from 'react-router-dom';
import { adminSession } from 'shared/session';
import { BrandLogo } from './brand-logo';
import { LanguageSwitcher } from './language-switcher';
import { NavMenu } from './nav-menu';
import { PreloadNavLink } from './nav-link-preload';

/** The admin area's navigation (docs/product.md §2: clients, contractors, assessors), then the escrow back office, the reported messages, the audit trail and the outbox. */
export function AdminHeader() {
  const { t } = useLingui();
  const navigate = useNavigate();
  // In the header bar, and in the menu panel on the narrowest screens, where the bar has no room for it.
  const signOut = (inBar: boolean) => (
    <button
      type="button"
      className={inBar ? 'ui-button ui-button--ghost site-header__sign-out' : 'ui-button ui-button--ghost'}
      onClick={async () => {
        await adminSession.logout();
        navigate('/admin-login', { replace: true });
      }}
    >
      <Trans>Sign out</Trans>
    </button>
  );
  return (
    <header className="site-header site-header--admin">
      <div className="ui-container site-header__bar">
        <BrandLogo to="/admin/clients" />
        <span className="site-header__badge">
          <Trans>Admin</Trans>
        </span>
        <NavMenu label={t`Admin`} account={signOut(false)}>
          <PreloadNavLink to="/admin/clients" className="nav-link">
            <Trans>Clients</Trans>
          </PreloadNavLink>
          <PreloadNavLink to="/admin/contractors" className="nav-link">
            <Trans>Contractors</Trans>
          </PreloadNavLink>
          <PreloadNavLink to="/admin/assessors" className="nav-link">
            <Trans>Experts</Trans>
          </PreloadNavLink>
          <PreloadNavLink to="/admin/escrow" className="nav-link">
            <Trans>Escrow</Trans>
          </PreloadNavLink>
          <PreloadNavLink to="/admin/disputes" className="nav-link">
            <Trans>Disputes</Trans>
          </PreloadNavLink>
          <PreloadNavLink to="/admin/message-reports" className="nav-link">
            <Trans>Reported messages</Trans>
          </PreloadNavLink>
          <PreloadNavLink to="/admin/audit" className="nav-link">
            <Trans>Audit trail</Trans>
          </PreloadNavLink>
          <PreloadNavLink to="/admin/outbox" className="nav-link">
            <Trans>Outbox</Trans>
          </PreloadNavLink>
          <PreloadNavLink to="/admin/security" className="nav-link">
            <Trans>Account security</Trans>
          </PreloadNavLink>
        </NavMenu>
        <div className="site-header__actions">
          <LanguageSwitcher />
          {signOut(true)}
        </div>
      </div>
    </header>
  );
}
