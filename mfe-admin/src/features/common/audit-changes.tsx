import { Trans } from '@lingui/react/macro';

function describe(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The before/after values of an audit entry, field by field, only where something changed or was noted. */
export function AuditChanges({ before, after }: { before: unknown; after: unknown }) {
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter(
    (key) => key !== 'kind' || b.kind !== a.kind || Object.keys(b).length === 0,
  );
  if (keys.length === 0) return null;
  return (
    <dl className="admin-changes">
      {keys.map((key) => (
        <div key={key} className="admin-changes__row">
          <dt>{key}</dt>
          <dd>
            {key in b && key in a && describe(b[key]) !== describe(a[key]) ? (
              <>
                <span className="admin-changes__before">
                  <span className="ui-visually-hidden">
                    <Trans>before:</Trans>{' '}
                  </span>
                  {describe(b[key])}
                </span>{' '}
                <span aria-hidden="true">→</span>{' '}
                <span className="ui-visually-hidden">
                  <Trans>after:</Trans>{' '}
                </span>
                {describe(a[key])}
              </>
            ) : (
              describe(key in a ? a[key] : b[key])
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
