import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** Puts a `<style>` with `css` first in `root`, once. */
export function adoptStyles(root: ShadowRoot, css: string): void {
  if (root.querySelector('style[data-support-chat]')) return;
  const style = document.createElement('style');
  style.setAttribute('data-support-chat', '');
  style.textContent = css;
  root.prepend(style);
}

interface ShadowFrameProps {
  css: string;
  children: ReactNode;
}

/**
 * Renders its children in a shadow root of its own element, with `css`
 * inside it: the page's styles cannot restyle the children and theirs cannot
 * leak out. A portal keeps them in the same React tree, so context (i18n,
 * store) still reaches them.
 */
export function ShadowFrame({ css, children }: ShadowFrameProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [root, setRoot] = useState<HTMLElement | null>(null);

  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    // Strict mode runs effects twice; a shadow root can only be attached once.
    const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    adoptStyles(shadow, css);
    let container = shadow.querySelector<HTMLElement>(':scope > [data-shadow-frame]');
    if (!container) {
      container = document.createElement('div');
      container.setAttribute('data-shadow-frame', '');
      shadow.appendChild(container);
    }
    setRoot(container);
  }, [css]);

  return <div ref={hostRef}>{root && createPortal(children, root)}</div>;
}
