import { Trans, useLingui } from '@lingui/react/macro';

interface RemoteFallbackProps {
  onRetry: () => void;
  variant: 'page' | 'widget';
  /** The remote was reached but needs newer shared code than this page has (a deploy in progress). */
  incompatible?: boolean;
}

/** What a visitor sees where a part of the site could not be loaded. */
export function RemoteFallback({ onRetry, variant, incompatible = false }: RemoteFallbackProps) {
  const { t } = useLingui();
  if (variant === 'widget') {
    return (
      <div className="remote-fallback remote-fallback--widget" role="alert">
        <span>
          <Trans>Support chat is unavailable.</Trans>
        </span>
        <button type="button" className="ui-button ui-button--ghost" onClick={onRetry}>
          <Trans>Retry</Trans>
        </button>
      </div>
    );
  }
  return (
    <section className="ui-notice ui-card remote-fallback" role="alert" aria-label={t`Content unavailable`}>
      {incompatible ? (
        <>
          <h1>
            <Trans>This part of the site is being updated</Trans>
          </h1>
          <p>
            <Trans>A newer version of this page is on its way. Please try again in a few minutes; the rest of the site keeps working.</Trans>
          </p>
        </>
      ) : (
        <>
          <h1>
            <Trans>This part of the site is unavailable</Trans>
          </h1>
          <p>
            <Trans>We could not load this page. Check your connection and try again; the rest of the site keeps working.</Trans>
          </p>
        </>
      )}
      <button type="button" className="ui-button" onClick={onRetry}>
        <Trans>Retry</Trans>
      </button>
    </section>
  );
}
