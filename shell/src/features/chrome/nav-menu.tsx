import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { useLocation } from 'react-router-dom';

/**
 * The signed-in navigation. Wide screens show its entries as a row of tabs;
 * narrower ones (CSS decides where) show a Menu button that opens them as a
 * panel under the header, so every entry is one tap away instead of hidden
 * in a row that scrolls sideways. A disclosure: the button says whether the
 * panel is open, Tab walks from it into the entries, Escape or leaving the
 * menu closes it, and Escape gives focus back to the button. `account` holds
 * what the narrowest screens move from the header bar into the panel (the
 * account link, Sign out); it is only rendered while the panel is open.
 */
export function NavMenu({ label, children, account }: { label: string; children: ReactNode; account?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const navRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // Following an entry closes the panel: the new page is what the reader asked for.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (navRef.current && !navRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <nav
      ref={navRef}
      className={open ? 'site-nav site-nav--open' : 'site-nav'}
      aria-label={label}
      onBlur={(event) => {
        // Tabbing past the last entry leaves the menu: it closes behind the reader.
        if (open && event.relatedTarget && !event.currentTarget.contains(event.relatedTarget as Node)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="site-nav__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          {open ? (
            <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          ) : (
            <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          )}
        </svg>
        <span className="site-nav__toggle-label">
          <Trans>Menu</Trans>
        </span>
      </button>
      <div id={panelId} className="site-nav__panel" data-menu-panel="">
        {children}
        {open && account && <div className="site-nav__account">{account}</div>}
      </div>
    </nav>
  );
}
