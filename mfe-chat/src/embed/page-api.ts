/**
 * The page API of the embed script: the types of `window.SupportChat` and of
 * the events it sends on `window`. The package ships them (`mfe-chat/page-api`),
 * so an integrator's TypeScript checks every call.
 */
import type { ChatLocale, ChatPosition, MountOptions } from './mount';

export type { ChatLocale, ChatPosition };

/** What `boot` accepts: the script tag's `data-` attributes, as an object. */
export interface BootOptions {
  locale?: ChatLocale;
  /** The messaging app number (digits, spaces and `+` allowed); empty or invalid disables "Talk to an agent". */
  phone?: string;
  position?: ChatPosition;
}

/** The page API: `SupportChat(command, argument?)`. Calls made before the script has loaded wait in `q`. */
export interface SupportChatFunction {
  /** Opens, closes or toggles the panel; `shutdown` removes the widget and its state (for a sign-out). */
  (command: 'open' | 'close' | 'toggle' | 'shutdown'): void;
  /** Switches the language (an open conversation starts again, in that language). */
  (command: 'locale', locale: ChatLocale): void;
  /** Sets the messaging app number "Talk to an agent" opens. */
  (command: 'phone', phone: string): void;
  (command: 'position', position: ChatPosition): void;
  /** Mounts the widget (again after `shutdown`, or for the first time on a page that loads it with `data-auto-mount="false"`, on consent). */
  (command: 'boot', options?: BootOptions): void;
  /** The snippet's queue: the calls made before the script loaded, run in order once it has. */
  q?: ArrayLike<unknown>[];
  /** Set by the script: the API is live. */
  loaded?: true;
  /** Lower level: mounts the chat into an element of the page (see the docs); returns the function that unmounts it. */
  mount?: (element: Element, options?: MountOptions) => () => void;
  /** Unmounts the chat from `element`, or every mounted chat. */
  unmount?: (element?: Element) => void;
}

export type SupportChatCommand = 'open' | 'close' | 'toggle' | 'locale' | 'phone' | 'position' | 'shutdown' | 'boot';

/** The events the chat sends on `window`, in the order things happen. */
export interface SupportChatEventMap {
  /** The widget is on the page (after each boot) with these settings. */
  'support-chat:ready': CustomEvent<{ locale: ChatLocale; position: ChatPosition }>;
  'support-chat:open': CustomEvent<Record<string, never>>;
  'support-chat:close': CustomEvent<Record<string, never>>;
  /** The visitor asked a question: its id (`pricing-fee`, `support-login`…). */
  'support-chat:question': CustomEvent<{ id: string }>;
  /** "Talk to an agent" was pressed: the messaging app opens at `url` right after. */
  'support-chat:agent': CustomEvent<{ url: string }>;
}

export type SupportChatEventName = keyof SupportChatEventMap;

declare global {
  interface Window {
    SupportChat?: SupportChatFunction;
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the chat's events into addEventListener's map
  interface WindowEventMap extends SupportChatEventMap {}
}
