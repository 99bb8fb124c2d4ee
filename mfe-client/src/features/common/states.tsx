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
      <p>
        {network ? (
          <Trans>We could not load this. Check your connection and try again.</Trans>
        ) : (
          (error as { message: string }).message
        )}
      </p>
      <button type="button" className="ui-button ui-button--ghost" onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}

export function EmptyState({ title, children, action }: { title: ReactNode; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="ui-card client-state">
      <h2 className="client-state__title">{title}</h2>
      {children && <p>{children}</p>}
      {action}
    </div>
  );
}

/** Previous / next with "Page 2 of 5"; hidden when everything fits on one page. */
export function Pagination({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const { t } = useLingui();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="client-pagination" aria-label={t`Pages`}>
      <button type="button" className="ui-button ui-button--ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <Trans>Previous</Trans>
      </button>
      <span aria-live="polite">
        <Trans>
          Page {page} of {pages}
        </Trans>
      </span>
      <button type="button" className="ui-button ui-button--ghost" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <Trans>Next</Trans>
      </button>
    </nav>
  );
}
