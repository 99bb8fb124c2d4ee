import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { AuditEntry } from 'shared/contract';
import { formatDateTime } from './format';
import { AUDIT_ACTIONS } from './labels';
import { AuditChanges } from './audit-changes';

/** Audit entries as a list: what, who, when, on whom, and the values before and after. */
export function AuditList({ entries, showTarget, targetPath }: { entries: AuditEntry[]; showTarget: boolean; targetPath?: (id: string) => string }) {
  const { t, i18n } = useLingui();
  return (
    <ol className="admin-audit">
      {entries.map((entry) => {
        const label = AUDIT_ACTIONS[entry.action];
        const adminName = entry.admin.name;
        return (
          <li key={entry.id} className="admin-audit__entry">
            <div className="admin-audit__head">
              <strong className="admin-audit__action">{label ? t(label) : entry.action}</strong>
              {/* Only accounts have a page here; a hidden message or a dismissed report is named, not linked. */}
              {showTarget && entry.target_id && entry.target_type === 'user' && targetPath ? (
                <Link to={targetPath(entry.target_id)}>{entry.target_label}</Link>
              ) : showTarget ? (
                <span>{entry.target_label}</span>
              ) : null}
            </div>
            <p className="admin-audit__meta">
              {t`By ${adminName}`} · <time dateTime={entry.created_at}>{formatDateTime(entry.created_at, i18n.locale)}</time>
            </p>
            <AuditChanges before={entry.before} after={entry.after} />
          </li>
        );
      })}
    </ol>
  );
}
