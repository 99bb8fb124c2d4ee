import { Trans } from '@lingui/react/macro';

/** Last resort when the layout itself fails: still a page, never a blank screen. */
export function RouteErrorPage() {
  return (
    <main className="ui-notice ui-card" role="alert">
      <h1>
        <Trans>Something went wrong</Trans>
      </h1>
      <p>
        <Trans>Please reload the page. If the problem persists, contact support.</Trans>
      </p>
      <button type="button" className="ui-button" onClick={() => window.location.reload()}>
        <Trans>Reload</Trans>
      </button>
    </main>
  );
}
