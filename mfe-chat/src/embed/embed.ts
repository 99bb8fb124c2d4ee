/**
 * The self-contained embed: one `<script>` tag on any page, with React,
 * the widget, its styles and both catalogs inside and no federation runtime.
 *
 *   <script src="…/support-chat.js" data-locale="fr" data-phone="33184800000" data-position="bottom-left" async></script>
 *
 * It mounts itself at the end of <body> unless `data-auto-mount="false"`;
 * pages can also call `SupportChat.mount(element, options)` / `SupportChat.unmount(element?)`.
 */
import { mount, unmount, type MountOptions } from './mount';

export interface SupportChatApi {
  mount: (element: Element, options?: MountOptions) => () => void;
  unmount: (element?: Element) => void;
}

declare global {
  interface Window {
    SupportChat?: SupportChatApi;
  }
}

/** The options a script tag carries as `data-` attributes. */
export function optionsFromScript(script: HTMLScriptElement): MountOptions {
  const { locale, phone, position } = script.dataset;
  return { locale, phone, position };
}

// Read while the script runs: `currentScript` is null once it has finished.
const script = document.currentScript instanceof HTMLScriptElement ? document.currentScript : null;

// A page that includes the script twice keeps the first copy, so the second tag updates that widget instead of adding one.
const api: SupportChatApi = window.SupportChat ?? { mount, unmount };
window.SupportChat = api;

function autoMount(): void {
  if (!script || script.dataset.autoMount === 'false') return;
  api.mount(document.body, optionsFromScript(script));
}

if (document.body) autoMount();
else document.addEventListener('DOMContentLoaded', autoMount, { once: true });
