import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { adminUserAtom, clientUserAtom } from 'shared/session';
import { CONTACT } from 'shared/config';
import { BrandLogo } from './brand-logo';

const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** Spec §2 footer: description, navigation, contact, call to action, legal and social links. */
export function SiteFooter() {
  const { t } = useLingui();
  const year = new Date().getFullYear();
  const client = useAtomValue(clientUserAtom);
  const admin = useAtomValue(adminUserAtom);
  const signedIn = Boolean(client || admin);
  return (
    <footer className="site-footer">
      <div className="ui-container site-footer__grid">
        <section className="site-footer__about" aria-labelledby="footer-about">
          <BrandLogo />
          <h2 id="footer-about" className="ui-visually-hidden">
            <Trans>About Fundament</Trans>
          </h2>
          <p>
            <Trans>
              Fundament connects home owners, at home or abroad, with verified contractors, artisans, vendors and independent experts. Your money
              stays in escrow and is released milestone by milestone once the work has been inspected.
            </Trans>
          </p>
        </section>
        <nav className="site-footer__nav" aria-label={t`Footer`}>
          <h2 className="site-footer__title">
            <Trans>Navigation</Trans>
          </h2>
          <ul>
            <li>
              <Link to="/">
                <Trans>Home</Trans>
              </Link>
            </li>
            <li>
              <Link to="/#about">
                <Trans>About</Trans>
              </Link>
            </li>
            <li>
              <Link to="/">
                <Trans>Client</Trans>
              </Link>
            </li>
            <li>
              <Link to="/contractors">
                <Trans>Contractors</Trans>
              </Link>
            </li>
            <li>
              <Link to="/catalog">
                <Trans>Catalog</Trans>
              </Link>
            </li>
            <li>
              <a href={`mailto:${CONTACT.email}`}>
                <Trans>Contact us</Trans>
              </a>
            </li>
          </ul>
        </nav>
        <section className="site-footer__contact" aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__title">
            <Trans>Contact</Trans>
          </h2>
          <p>
            <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
            <br />
            <a href={`tel:${CONTACT.phone.replace(/\s+/g, '')}`}>{CONTACT.phone}</a>
          </p>
          {/* Signing up is for visitors: a signed-in user already has an account. */}
          {!signedIn && (
            <>
              <p className="site-footer__cta-text">
                <Trans>Ready to start your project?</Trans>
              </p>
              {/* The header hides its buttons on phones (docs/product.md §2): here a phone user finds both. */}
              <div className="site-footer__auth">
                <Link to="/register" className="ui-button ui-button--accent">
                  <Trans>Sign up</Trans>
                </Link>
                <Link to="/login" className="ui-button ui-button--ghost">
                  <Trans>Sign in</Trans>
                </Link>
              </div>
            </>
          )}
        </section>
      </div>
      <div className="ui-container site-footer__bottom">
        <p>
          <Trans>© {year} Fundament. All rights reserved.</Trans>
        </p>
        <ul className="site-footer__legal">
          <li>
            <a href="/terms" {...newTab}>
              <Trans>Terms of service</Trans>
            </a>
          </li>
          <li>
            <a href="/privacy" {...newTab}>
              <Trans>Privacy policy</Trans>
            </a>
          </li>
        </ul>
        <ul className="site-footer__social">
          <li>
            <a href={CONTACT.social.x} {...newTab} aria-label={t`Fundament on X`}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path fill="currentColor" d="M4 3h4.6l4 5.6L17.4 3H20l-6.1 7.1L21 21h-4.6l-4.4-6.1L6.6 21H4l6.7-7.8z" />
              </svg>
            </a>
          </li>
          <li>
            <a href={CONTACT.social.linkedin} {...newTab} aria-label={t`Fundament on LinkedIn`}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path
                  fill="currentColor"
                  d="M4 3.5A2 2 0 1 1 4 7.5a2 2 0 0 1 0-4zM2.3 9h3.4v12H2.3zM8.8 9H12v1.7c.5-.9 1.7-2 3.6-2 3.6 0 4.3 2.3 4.3 5.4V21h-3.4v-6.1c0-1.5 0-3.3-2-3.3s-2.3 1.6-2.3 3.2V21H8.8z"
                />
              </svg>
            </a>
          </li>
          <li>
            <a href={CONTACT.social.facebook} {...newTab} aria-label={t`Fundament on Facebook`}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path
                  fill="currentColor"
                  d="M13.5 21v-7.6h2.6l.4-3h-3V8.5c0-.9.3-1.5 1.5-1.5h1.6V4.3c-.3 0-1.2-.1-2.3-.1-2.3 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21z"
                />
              </svg>
            </a>
          </li>
        </ul>
      </div>
    </footer>
  );
}
