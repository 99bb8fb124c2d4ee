import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { clientSession, clientUserAtom } from 'shared/session';
import { NotificationBell } from '../notifications/notification-bell';
import { BrandLogo } from './brand-logo';
import { LanguageSwitcher } from './language-switcher';
import { PreloadNavLink } from './nav-link-preload';

/** The signed-in client navigation: Dashboard, Projects, Specialists, Escrow, Catalog (spec §1). */
export function ClientHeader() {
  const { t } = useLingui();
  const user = useAtomValue(clientUserAtom);
  const navigate = useNavigate();
  const name = user ? [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email : '';
  return (
    <header className="site-header site-header--app">
      <div className="ui-container site-header__bar">
        <BrandLogo to="/main/dashboard" />
        <nav className="site-header__nav site-header__nav--app" aria-label={t`Main`}>
          <PreloadNavLink to="/main/dashboard" className="nav-link">
            <Trans>Dashboard</Trans>
          </PreloadNavLink>
          <PreloadNavLink to="/main/projects" className="nav-link">
            <Trans>Projects</Trans>
          </PreloadNavLink>
          <PreloadNavLink to="/main/specialists" className="nav-link">
            <Trans>Specialists</Trans>
          </PreloadNavLink>
          <PreloadNavLink to="/main/escrow" className="nav-link">
            <Trans>Escrow</Trans>
          </PreloadNavLink>
          <PreloadNavLink to="/main/catalog" className="nav-link">
            <Trans>Catalog</Trans>
          </PreloadNavLink>
        </nav>
        <div className="site-header__actions">
          <LanguageSwitcher />
          <NotificationBell />
          <PreloadNavLink to="/main/settings" className="nav-link site-header__user" title={t`Personal information`}>
            {name || <Trans>Settings</Trans>}
          </PreloadNavLink>
          <button
            type="button"
            className="ui-button ui-button--ghost"
            onClick={async () => {
              await clientSession.logout();
              navigate('/', { replace: true });
            }}
          >
            <Trans>Sign out</Trans>
          </button>
        </div>
      </div>
    </header>
  );
}
