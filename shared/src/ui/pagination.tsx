import { Trans, useLingui } from '@lingui/react/macro';

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** Also say which rows are shown ("21–40 of 57"), for tables. */
  showRange?: boolean;
}

/** Previous / next with "Page 2 of 5". Hidden when everything fits on one page, unless it also shows the range. */
export function Pagination({ page, pageSize, total, onPage, showRange = false }: PaginationProps) {
  const { t } = useLingui();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && !showRange) return null;
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className={`ui-pagination${showRange ? ' ui-pagination--range' : ''}`} aria-label={t`Pages`}>
      {showRange && (
        <p className="ui-pagination__status" aria-live="polite">
          <Trans>
            {first}–{last} of {total}
          </Trans>
        </p>
      )}
      <div className="ui-pagination__buttons">
        <button type="button" className="ui-button ui-button--ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <Trans>Previous</Trans>
        </button>
        <span aria-live={showRange ? undefined : 'polite'}>
          <Trans>
            Page {page} of {pages}
          </Trans>
        </span>
        <button type="button" className="ui-button ui-button--ghost" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          <Trans>Next</Trans>
        </button>
      </div>
    </nav>
  );
}
