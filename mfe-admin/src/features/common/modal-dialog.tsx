import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalDialogProps {
  title: ReactNode;
  children: ReactNode;
  onClose: () => void;
}

/**
 * A modal dialog: focus moves into it, Tab stays inside, Escape closes it and
 * focus returns to whatever opened it.
 */
export function ModalDialog({ title, children, onClose }: ModalDialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const focusable = () =>
      [...(panel.current?.querySelectorAll<HTMLElement>('button, input, select, textarea, a[href]') ?? [])].filter(
        (element) => !element.hasAttribute('disabled'),
      );
    focusable()[0]?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        closeRef.current();
      } else if (event.key === 'Tab') {
        const items = focusable();
        const first = items[0];
        const last = items[items.length - 1];
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
      opener?.focus?.();
    };
  }, []);

  return (
    // A press on the backdrop closes, as Escape and the close button do for the keyboard.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div className="admin-modal" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div className="admin-modal__panel ui-card" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={panel}>
        <h2 id={titleId} className="admin-modal__title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
