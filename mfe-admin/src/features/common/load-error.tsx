import { Trans } from '@lingui/react/macro';
import { isApiError } from 'shared/api';

/** A failed load, with the server's message when it sent one, and a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = isApiError(error) && error.kind === 'http' && error.status < 500 ? error.message : null;
  return (
    <div className="admin-state admin-state--error" role="alert">
      <p>
        <Trans>We could not load this information.</Trans>
        {message && <> {message}</>}
      </p>
      <button type="button" className="ui-button ui-button--ghost" onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
