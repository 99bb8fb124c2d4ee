import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { useLiveNotifications } from 'shared/query';
import { navigationFor, pathFor } from 'shared/routing';
import { clientSession, clientUserAtom } from 'shared/session';
import { MessagesLink } from './messages-link';
import { NotificationBell } from './notification-bell';
import { BrandLogo } from './brand-logo';
import { LanguageSwitcher } from './language-switcher';
import { NavMenu } from './nav-menu';
import { PreloadNavLink } from './nav-link-preload';

/** The signed-in navigation: a client's Dashboard, Projects, Specialists, Escrow, Catalog (docs/product.md §1); other roles the entries that work for them. */
export function ClientHeader() {
  const { t, i18n } = useLingui();
  const user = useAtomValue(clientUserAtom);
  const navigate = useNavigate();
  // Started once, with the signed-in header: the bell, the messages badge and the escrow screens follow it, polling only while it is down.
  const live = useLiveNotifications(Boolean(user));
  const name = user ? [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email : '';
  // The account link and Sign out: in the header bar, and in the menu panel on the narrowest screens, where the bar has no room for them.
  const account = (inBar: boolean) => (
    <>
      <PreloadNavLink to="/main/settings" className={inBar ? 'nav-link site-header__user' : 'nav-link'} title={t`Personal information`}>
        {name || <Trans>Settings</Trans>}
      </PreloadNavLink>
      <button
        type="button"
        className={inBar ? 'ui-button ui-button--ghost site-header__sign-out' : 'ui-button ui-button--ghost'}
        onClick={async () => {
          await clientSession.logout();
          navigate('/', { replace: true });
        }}
      >
        <Trans>Sign out</Trans>
      </button>
    </>
  );
  return (
    <header className="site-header site-header--app">
      <div className="ui-container site-header__bar">
        <BrandLogo to="/main/dashboard" />
        <NavMenu label={t`Main`} account={account(false)}>
          {navigationFor(user).map((entry) => (
            <PreloadNavLink key={entry.route} to={pathFor(entry.route)} className="nav-link">
              {i18n._(entry.label)}
            </PreloadNavLink>
          ))}
        </NavMenu>
        <div className="site-header__actions">
          <LanguageSwitcher />
          <MessagesLink live={live} />
          <NotificationBell live={live} />
          {account(true)}
        </div>
      </div>
    </header>
  );
}
