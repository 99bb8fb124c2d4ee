import { useEffect, useRef, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';

interface ConfirmBoxProps {
  children: ReactNode;
  confirmLabel: ReactNode;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** An inline confirmation that takes the focus, so the question is read out and Escape backs out. */
export function ConfirmBox({ children, confirmLabel, busy, onConfirm, onCancel }: ConfirmBoxProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    // The alert dialog takes the focus itself, so Escape on it backs out.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={ref}
      className="client-confirm"
      role="alertdialog"
      aria-modal="false"
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <p>{children}</p>
      <div className="client-confirm__actions">
        <button type="button" className="ui-button ui-button--accent" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className="ui-button ui-button--ghost" disabled={busy} onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </div>
  );
}
