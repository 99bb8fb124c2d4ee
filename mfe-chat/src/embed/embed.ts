/**
 * The self-contained embed: one `<script>` tag on any page, with React,
 * the widget, its styles and both catalogs inside and no federation runtime.
 *
 *   <script>window.SupportChat=window.SupportChat||function(){(SupportChat.q=SupportChat.q||[]).push(arguments)}</script>
 *   <script src="…/support-chat.js" data-locale="fr" data-phone="33184800000" data-position="bottom-left" async></script>
 *
 * The first line is the snippet: calls made before the script has loaded
 * wait in its queue and run, in order, once it has. The script mounts itself
 * at the end of <body> unless `data-auto-mount="false"` (then `boot` does).
 */
import { flushSync } from 'react-dom';
import { mount, unmount, type ChatLocale, type ChatPosition } from './mount';
import type { BootOptions, SupportChatEventMap, SupportChatEventName, SupportChatFunction } from './page-api';

export type { BootOptions, SupportChatFunction } from './page-api';

const LOCALES: readonly ChatLocale[] = ['en', 'fr'];
const POSITIONS: readonly ChatPosition[] = ['bottom-right', 'bottom-left'];
const isLocale = (value: unknown): value is ChatLocale => LOCALES.includes(value as ChatLocale);
const isPosition = (value: unknown): value is ChatPosition => POSITIONS.includes(value as ChatPosition);

/** The options a script tag carries as `data-` attributes (invalid values are left out: the defaults apply). */
export function optionsFromScript(script: HTMLScriptElement | null): BootOptions {
  const { locale, phone, position } = script?.dataset ?? {};
  return { locale: isLocale(locale) ? locale : undefined, phone, position: isPosition(position) ? position : undefined };
}

type Detail<K extends SupportChatEventName> = SupportChatEventMap[K] extends CustomEvent<infer D> ? D : never;

function emit<K extends SupportChatEventName>(name: K, detail: Detail<K>): void {
  window.dispatchEvent(new CustomEvent(name, { detail }));
}

interface State {
  locale: ChatLocale;
  phone: string | undefined;
  position: ChatPosition;
  open: boolean;
}

/**
 * The widget of one page, driven by commands. Before `boot` (and after
 * `shutdown`) commands only change what the next boot shows; `shutdown`
 * forgets them too and leaves nothing of the chat on the page.
 */
export function createController(defaults: BootOptions) {
  const initial = (): State => ({
    locale: defaults.locale ?? 'en',
    phone: defaults.phone,
    position: defaults.position ?? 'bottom-right',
    open: false,
  });
  let state = initial();
  let booted = false;
  let waitingForBody = false;

  const render = () => {
    if (!booted) return;
    // Synchronous, so the widget is on the page when a command returns and events follow its state.
    flushSync(() => {
      mount(document.body, {
        locale: state.locale,
        phone: state.phone,
        position: state.position,
        open: state.open,
        onOpenChange: (open) => setOpen(open),
        onQuestion: (id) => emit('support-chat:question', { id }),
        onAgent: (url) => emit('support-chat:agent', { url }),
      });
    });
  };

  const setOpen = (open: boolean) => {
    if (state.open === open) return;
    state = { ...state, open };
    if (!booted) return;
    render();
    emit(open ? 'support-chat:open' : 'support-chat:close', {});
  };

  const boot = (options: BootOptions = {}) => {
    state = {
      ...state,
      ...(isLocale(options.locale) && { locale: options.locale }),
      ...(options.phone !== undefined && { phone: options.phone }),
      ...(isPosition(options.position) && { position: options.position }),
    };
    if (booted) return render();
    // A script in <head> runs before <body> exists.
    if (!document.body) {
      if (!waitingForBody) document.addEventListener('DOMContentLoaded', () => boot(), { once: true });
      waitingForBody = true;
      return;
    }
    booted = true;
    render();
    emit('support-chat:ready', { locale: state.locale, position: state.position });
    if (state.open) emit('support-chat:open', {});
  };

  const shutdown = () => {
    if (booted) flushSync(() => unmount(document.body));
    booted = false;
    state = initial();
  };

  const run = (command: unknown, argument?: unknown): void => {
    switch (command) {
      case 'open':
        return setOpen(true);
      case 'close':
        return setOpen(false);
      case 'toggle':
        return setOpen(!state.open);
      case 'locale':
        if (!isLocale(argument)) return warn(`locale must be one of ${LOCALES.join(', ')}`);
        state = { ...state, locale: argument };
        return render();
      case 'phone':
        state = { ...state, phone: typeof argument === 'string' ? argument : '' };
        return render();
      case 'position':
        if (!isPosition(argument)) return warn(`position must be one of ${POSITIONS.join(', ')}`);
        state = { ...state, position: argument };
        return render();
      case 'boot':
        return boot((argument ?? {}) as BootOptions);
      case 'shutdown':
        return shutdown();
      default:
        return warn(`unknown command ${String(command)}`);
    }
  };

  return {
    run,
    boot,
    get booted() {
      return booted;
    },
  };
}

function warn(message: string): void {
  console.warn(`SupportChat: ${message}`);
}

// Read while the script runs: `currentScript` is null once it has finished.
const script = document.currentScript instanceof HTMLScriptElement ? document.currentScript : null;
const existing = window.SupportChat;

if (existing?.loaded) {
  // A second copy of the script: its tag updates the widget already there instead of adding one.
  existing('boot', optionsFromScript(script));
} else {
  const controller = createController(optionsFromScript(script));
  const api = ((command: unknown, argument?: unknown) => controller.run(command, argument)) as SupportChatFunction;
  api.loaded = true;
  api.mount = mount;
  api.unmount = unmount;
  const queued = Array.from(existing?.q ?? []);
  window.SupportChat = api;
  let explicit = false;
  for (const call of queued) {
    const [command, argument] = Array.from(call);
    if (command === 'boot' || command === 'shutdown') explicit = true;
    controller.run(command, argument);
  }
  // The queue decided (a boot, or a shutdown before consent) or the tag asked not to: otherwise the widget mounts now.
  if (!explicit && script?.dataset.autoMount !== 'false') controller.boot();
}
