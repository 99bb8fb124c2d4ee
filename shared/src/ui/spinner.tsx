import { useLingui } from '@lingui/react/macro';

/** A centred busy indicator announced to screen readers. */
export function Spinner({ label }: { label?: string }) {
  const { t } = useLingui();
  return (
    <div className="ui-spinner" role="status" aria-live="polite">
      <span className="ui-spinner__wheel" aria-hidden="true" />
      <span className="ui-visually-hidden">{label ?? t`Loading…`}</span>
    </div>
  );
}
