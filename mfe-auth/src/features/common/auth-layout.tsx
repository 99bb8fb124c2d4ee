import type { ReactNode, Ref } from 'react';
import { Trans } from '@lingui/react/macro';
import illustration from '../../assets/auth-illustration.svg';
import { HideOnError } from 'shared/ui';
import './auth.css';

interface AuthLayoutProps {
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  /** Shown under the card: the link to the other way in ("No account yet? …"). */
  footer?: ReactNode;
  /** The admin sign-in gets its own, plainer panel. */
  variant?: 'client' | 'admin';
  /** Lets a page move focus to its title after a step change. */
  titleRef?: Ref<HTMLHeadingElement>;
}

/** A centred card on a soft background; from 960 px a brand panel sits beside it. */
export function AuthLayout({ title, intro, children, footer, variant = 'client', titleRef }: AuthLayoutProps) {
  return (
    <section className="auth-page">
      <div className={`auth-page__grid auth-page__grid--${variant}`}>
        <aside className="auth-panel">
          <HideOnError className="auth-panel__art" src={illustration} alt="" />
          {variant === 'admin' ? (
            <p className="auth-panel__title">
              <Trans>Fundament administration</Trans>
            </p>
          ) : (
            <>
              <p className="auth-panel__title">
                <Trans>Build and renovate with confidence</Trans>
              </p>
              <ul className="auth-panel__points">
                <li>
                  <Trans>Verified contractors, artisans and experts</Trans>
                </li>
                <li>
                  <Trans>Payments held in escrow, milestone by milestone</Trans>
                </li>
                <li>
                  <Trans>Independent inspections before every release</Trans>
                </li>
              </ul>
            </>
          )}
        </aside>
        <div className="auth-main">
          <div className="ui-card auth-card">
            <h1 className="auth-card__title" ref={titleRef} tabIndex={-1}>
              {title}
            </h1>
            {intro && <div className="auth-card__intro">{intro}</div>}
            {children}
          </div>
          {footer && <div className="auth-footer">{footer}</div>}
        </div>
      </div>
    </section>
  );
}
