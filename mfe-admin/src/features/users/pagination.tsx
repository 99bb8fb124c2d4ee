import { Trans, useLingui } from '@lingui/react/macro';

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

export function Pagination({ page, pageSize, total, onPage }: PaginationProps) {
  const { t } = useLingui();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className="admin-pagination" aria-label={t`Pages`}>
      <p className="admin-pagination__status" aria-live="polite">
        <Trans>
          {first}–{last} of {total}
        </Trans>
      </p>
      <div className="admin-pagination__buttons">
        <button type="button" className="ui-button ui-button--ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <Trans>Previous</Trans>
        </button>
        <span>
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
