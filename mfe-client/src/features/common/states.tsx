import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import './client.css';

/** Grey blocks in the shape of what is coming, announced once as "Loading…". */
export function Skeleton({ count = 3, variant = 'card' }: { count?: number; variant?: 'card' | 'line' }) {
  const { t } = useLingui();
  return (
    <div className={`client-skeleton client-skeleton--${variant}`} role="status" aria-live="polite">
      <span className="ui-visually-hidden">{t`Loading…`}</span>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="client-skeleton__item" aria-hidden="true" />
      ))}
    </div>
  );
}

/** A failed load with the server's message when it has one, and a way to try again. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const network = !isApiError(error) || error.kind !== 'http' || error.status >= 500;
  return (
    <div className="ui-card client-state client-state--error" role="alert">
      <p>{network ? <Trans>We could not load this. Check your connection and try again.</Trans> : (error as { message: string }).message}</p>
      <button type="button" className="ui-button ui-button--ghost" onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}

/** `level` 1 when the state is all the page shows, so the page still has its main heading. */
export function EmptyState({ title, children, action, level = 2 }: { title: ReactNode; children?: ReactNode; action?: ReactNode; level?: 1 | 2 }) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="ui-card client-state">
      <Heading className="client-state__title">{title}</Heading>
      {children && <p>{children}</p>}
      {action}
    </div>
  );
}
