import { Trans } from '@lingui/react/macro';

/** A tile whose figures could not be loaded says so and offers another try. */
export function TileFailure({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="client-state">
      <p className="client-muted">
        <Trans>These figures could not be loaded.</Trans>
      </p>
      <button type="button" className="ui-button ui-button--ghost" onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
