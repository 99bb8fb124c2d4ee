import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import './escrow.css';

interface EscrowDialogProps {
  title: ReactNode;
  children: ReactNode;
  onClose: () => void;
  /** While money or files are on their way the dialog cannot be dismissed. */
  busy?: boolean;
}

const FOCUSABLE = 'button, input, select, textarea, a[href], [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: the first control takes the focus, Tab cycles inside,
 * Escape closes it, and the focus goes back to what opened it.
 */
export function EscrowDialog({ title, children, onClose, busy = false }: EscrowDialogProps) {
  const { t } = useLingui();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const busyRef = useRef(busy);
  busyRef.current = busy;

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const items = () => [...(panelRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].filter((item) => !item.hasAttribute('disabled'));
    const firstField = panelRef.current?.querySelector<HTMLElement>('input:not([type="hidden"]), textarea, select');
    (firstField ?? items()[1] ?? items()[0])?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !busyRef.current) {
        event.preventDefault();
        closeRef.current();
      } else if (event.key === 'Tab') {
        const list = items();
        const first = list[0];
        const last = list[list.length - 1];
        if (!first || !last) return;
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    // A press on the backdrop closes, as Escape and the close button do for the keyboard.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div className="escrow-dialog" onMouseDown={(event) => event.target === event.currentTarget && !busy && onClose()}>
      <div className="escrow-dialog__panel ui-card" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={panelRef}>
        <div className="escrow-dialog__head">
          <h2 id={titleId} className="escrow-dialog__title">
            {title}
          </h2>
          <button type="button" className="ui-button ui-button--ghost escrow-dialog__close" aria-label={t`Close`} disabled={busy} onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
