// The demo page's script (a file, not inline: the product's CSP allows no inline script). It runs
// before support-chat.js, as an integrator's snippet would: it defines the queue, so the buttons work
// while the chat is still loading, and listens to every event the chat sends.
import type { SupportChatEventName, SupportChatFunction } from './page-api';

const EVENTS: SupportChatEventName[] = [
  'support-chat:ready',
  'support-chat:open',
  'support-chat:close',
  'support-chat:question',
  'support-chat:agent',
];

function queue(): SupportChatFunction {
  const stub = function (...args: unknown[]) {
    (stub.q = stub.q ?? []).push(args);
  } as SupportChatFunction;
  return stub;
}

function start(): void {
  const chat = (): SupportChatFunction => (window.SupportChat ??= queue());
  chat();
  const log = document.getElementById('demo-log');
  for (const name of EVENTS) {
    window.addEventListener(name, (event) => {
      if (!log) return;
      const line = document.createElement('li');
      const detail = JSON.stringify(event.detail);
      line.textContent = detail === '{}' ? name : `${name} ${detail}`;
      log.appendChild(line);
    });
  }
  for (const button of Array.from(document.querySelectorAll<HTMLButtonElement>('[data-command]'))) {
    button.addEventListener('click', () => {
      const argument = button.dataset.argument;
      (chat() as (command: string, argument?: string) => void)(button.dataset.command!, argument);
      if (button.dataset.command === 'locale' && argument) document.documentElement.lang = argument;
    });
  }
}

start();

export {};
