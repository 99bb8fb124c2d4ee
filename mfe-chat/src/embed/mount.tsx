import { createRoot, type Root } from 'react-dom/client';
import { setupI18n, type I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { CONTACT } from 'shared/config';
import { ChatWidget } from '../features/chat/chat-widget';
import { adoptStyles } from '../features/chat/shadow-frame';
import css from '../features/chat/chat.shadow.css';
import { messages as en } from '../locales/en';
import { messages as fr } from '../locales/fr';

export type ChatLocale = 'en' | 'fr';
export type ChatPosition = 'bottom-right' | 'bottom-left';

/** Options of a mounted chat (the embed's `data-` attributes, and what an app passes to `mount`). */
export interface MountOptions {
  /** `en` (default) or `fr`. */
  locale?: ChatLocale | string;
  /** The messaging app number; defaults to the product's support number. Empty or not a phone number: "Talk to an agent" is disabled. */
  phone?: string;
  /** `bottom-right` (default) or `bottom-left`. */
  position?: ChatPosition | string;
  /** Opens or closes the panel; left out, the visitor alone opens and closes it. */
  open?: boolean;
  /** Where the answers' links lead: defaults to the origin the chat's script was served from. */
  siteUrl?: string;
  /** The visitor opened or closed the panel. */
  onOpenChange?: (open: boolean) => void;
  /** The visitor asked a question (its id). */
  onQuestion?: (id: string) => void;
  /** The messaging app is about to open at `url`. */
  onAgent?: (url: string) => void;
}

declare const __webpack_public_path__: string | undefined;

/** The product's origin, from the URL webpack loaded this bundle from (`auto` public path); none in tests. */
function productOrigin(): string | undefined {
  try {
    return typeof __webpack_public_path__ === 'string' && /^https?:/.test(__webpack_public_path__)
      ? new URL('/', __webpack_public_path__).href
      : undefined;
  } catch {
    return undefined;
  }
}

interface Mounted {
  host: HTMLElement;
  root: Root;
  i18n: I18n;
}

const mounted = new Map<Element, Mounted>();

const toLocale = (value: unknown): ChatLocale => (value === 'fr' ? 'fr' : 'en');
const toPosition = (value: unknown): ChatPosition => (value === 'bottom-left' ? 'bottom-left' : 'bottom-right');

function render(entry: Mounted, options: MountOptions): void {
  const locale = toLocale(options.locale);
  // Activating another locale re-renders the provider, which resets an open conversation.
  if (entry.i18n.locale !== locale) entry.i18n.activate(locale);
  entry.root.render(
    <I18nProvider i18n={entry.i18n}>
      <ChatWidget
        phone={options.phone ?? CONTACT.messagingPhone}
        placement={toPosition(options.position)}
        open={options.open}
        onOpenChange={options.onOpenChange}
        onQuestion={options.onQuestion}
        onAgent={options.onAgent}
        siteUrl={options.siteUrl ?? productOrigin()}
      />
    </I18nProvider>,
  );
}

/**
 * Mounts the chat into `element`, in a shadow root with its own styles and
 * its own i18n instance (both catalogs are bundled), so it needs nothing from
 * the page. Mounting again into the same element updates the options (a new
 * locale resets the conversation). Returns the function that unmounts it.
 */
export function mount(element: Element, options: MountOptions = {}): () => void {
  let entry = mounted.get(element);
  if (!entry) {
    // A child of our own carries the shadow root: the given element may not accept one, or may already have one.
    const host = document.createElement('div');
    host.setAttribute('data-support-chat', '');
    element.appendChild(host);
    const shadow = host.attachShadow({ mode: 'open' });
    adoptStyles(shadow, css);
    const container = document.createElement('div');
    shadow.appendChild(container);
    entry = { host, root: createRoot(container), i18n: setupI18n({ messages: { en, fr } }) };
    mounted.set(element, entry);
  }
  render(entry, options);
  return () => unmount(element);
}

/** Unmounts the chat from `element`, or every mounted chat when no element is given. */
export function unmount(element?: Element): void {
  const targets = element ? [element] : [...mounted.keys()];
  for (const target of targets) {
    const entry = mounted.get(target);
    if (!entry) continue;
    entry.root.unmount();
    entry.host.remove();
    mounted.delete(target);
  }
}

export default mount;
