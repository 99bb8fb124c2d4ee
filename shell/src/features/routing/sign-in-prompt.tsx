import { useEffect, useState } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'react-router-dom';
import type { MessageDescriptor } from '@lingui/core';
import { findRoute } from 'shared/routing';
import { STORAGE_KEYS, browserStorage } from 'shared/session';

/** What the visitor was on their way to, by route name: one whole sentence each, so every language can word it its own way. */
const DESTINATIONS: Record<string, MessageDescriptor> = {
  'main.contract': msg`Sign in to open the escrow contract you were sent to.`,
  'main.escrow': msg`Sign in to open your escrow contracts.`,
  'main.project': msg`Sign in to open the project you were sent to.`,
  'main.projects': msg`Sign in to open your projects.`,
  'main.create': msg`Sign in to post your project.`,
  'main.conversation': msg`Sign in to open the conversation you were sent to.`,
  'main.messages': msg`Sign in to open your messages.`,
  'main.specialist': msg`Sign in to open the specialist's profile you were sent to.`,
  'main.specialists': msg`Sign in to open the specialists' directory.`,
  'main.settings': msg`Sign in to open your settings.`,
  'main.catalog': msg`Sign in to open the catalog of designs.`,
};
const ANY_CLIENT_PAGE = msg`Sign in to open your dashboard.`;
const ANY_ADMIN_PAGE = msg`Sign in to the admin area to open the page you were sent to.`;

interface Saved {
  key: string;
  path: string;
}

/** The page the guard saved for after sign-in (docs/product.md §4), client first; only paths of this site. */
function readSaved(): Saved | null {
  const storage = browserStorage();
  for (const key of [STORAGE_KEYS.requestedClientPage, STORAGE_KEYS.requestedAdminPage]) {
    const path = storage.getItem(key);
    if (path && path.startsWith('/') && !path.startsWith('//')) return { key, path };
  }
  return null;
}

/**
 * Shown to a signed-out visitor the guard sent to `/` from a page that needs an account (a link in an
 * e-mail): where they were going and the way to sign in. Signing in then opens that page. Read after the
 * first render, since a prerendered page has no storage to read.
 */
export function SignInPrompt() {
  const { i18n, t } = useLingui();
  const { pathname } = useLocation();
  const [saved, setSaved] = useState<Saved | null>(null);
  useEffect(() => setSaved(readSaved()), [pathname]);
  if (!saved) return null;
  const admin = saved.key === STORAGE_KEYS.requestedAdminPage;
  const sentence = admin ? ANY_ADMIN_PAGE : (DESTINATIONS[findRoute(saved.path)?.name ?? ''] ?? ANY_CLIENT_PAGE);
  const dismiss = () => {
    browserStorage().removeItem(saved.key);
    setSaved(null);
  };
  return (
    <section className="sign-in-prompt" aria-labelledby="sign-in-prompt-title">
      <div className="ui-container sign-in-prompt__bar">
        <div className="sign-in-prompt__text">
          <h2 id="sign-in-prompt-title" className="sign-in-prompt__title">
            <Trans>Sign in to continue</Trans>
          </h2>
          <p>{i18n._(sentence)}</p>
        </div>
        <div className="sign-in-prompt__actions">
          <Link className="ui-button ui-button--accent" to={admin ? '/admin-login' : '/login'}>
            <Trans>Sign in</Trans>
          </Link>
          {!admin && (
            <Link className="ui-button ui-button--ghost" to="/register">
              <Trans>Create an account</Trans>
            </Link>
          )}
          <button type="button" className="ui-button ui-button--ghost sign-in-prompt__close" aria-label={t`Close`} onClick={dismiss}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      </div>
    </section>
  );
}
