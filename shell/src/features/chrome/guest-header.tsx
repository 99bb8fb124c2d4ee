import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'react-router-dom';
import { BrandLogo } from './brand-logo';
import { LanguageSwitcher } from './language-switcher';
import { PreloadNavLink } from './nav-link-preload';

/**
 * The header for visitors (docs/product.md §2). Under 768 px only the link to the other
 * landing page stays, and the login and sign-up buttons are hidden (CSS, so
 * nothing shifts when the page hydrates).
 */
export function GuestHeader() {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const onContractors = pathname === '/contractors';
  return (
    <header className="site-header">
      <div className="ui-container site-header__bar">
        <BrandLogo />
        <nav className="site-header__nav" aria-label={t`Main`}>
          <PreloadNavLink to="/" end className={onContractors ? 'nav-link' : 'nav-link nav-link--mobile-hidden'}>
            <Trans>Home</Trans>
          </PreloadNavLink>
          <PreloadNavLink to="/contractors" className={onContractors ? 'nav-link nav-link--mobile-hidden' : 'nav-link'}>
            <Trans>For contractors</Trans>
          </PreloadNavLink>
        </nav>
        <div className="site-header__actions">
          <LanguageSwitcher />
          <Link to="/login" className="ui-button ui-button--ghost site-header__auth">
            <Trans>Login</Trans>
          </Link>
          <Link to="/register" className="ui-button ui-button--accent site-header__auth">
            <Trans>Sign up</Trans>
          </Link>
        </div>
      </div>
    </header>
  );
}
