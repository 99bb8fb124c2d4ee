import { waitFor, within } from '@testing-library/react';
import type { SupportChatFunction } from './page-api';

// The page API as a page meets it: the snippet's queue, then the script, then commands and events.
// Each test loads the script afresh (its own React and catalogs), which takes seconds on a busy machine.
jest.setTimeout(20_000);

const EVENTS = ['support-chat:ready', 'support-chat:open', 'support-chat:close', 'support-chat:question', 'support-chat:agent'];
let seen: string[] = [];
const record = (event: Event) => seen.push(`${event.type} ${JSON.stringify((event as CustomEvent).detail)}`);

function snippet(): SupportChatFunction {
  const stub = function (...args: unknown[]) {
    (stub.q = stub.q ?? []).push(args);
  } as SupportChatFunction;
  window.SupportChat = stub;
  return stub;
}

function loadScript() {
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh copy of the script, as a page loads it
    require('./embed');
  });
}

const chat = () => {
  const container = document.querySelector('[data-support-chat]')?.shadowRoot?.querySelector<HTMLElement>('div');
  return container ? within(container) : null;
};

// The script's commands render synchronously (flushSync) and its React is not the one act() knows.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

beforeEach(() => {
  seen = [];
  for (const name of EVENTS) window.addEventListener(name, record);
});

afterEach(() => {
  window.SupportChat?.('shutdown');
  for (const name of EVENTS) window.removeEventListener(name, record);
  delete window.SupportChat;
});

test('commands queued before the script loaded run once it has, in order, and then every event reaches the page', async () => {
  snippet();
  window.SupportChat!('locale', 'fr');
  window.SupportChat!('position', 'bottom-left');
  window.SupportChat!('open');
  loadScript();

  expect(window.SupportChat!.loaded).toBe(true);
  expect(chat()!.getByRole('dialog', { name: 'Assistance Fundament' })).toBeVisible();
  expect(seen).toEqual(['support-chat:ready {"locale":"fr","position":"bottom-left"}', 'support-chat:open {}']);

  // The visitor's presses render on React's schedule: awaited.
  chat()!.getByRole('button', { name: 'Tarifs' }).click();
  (await chat()!.findByRole('button', { name: 'Combien coûte Fundament ?' })).click();
  const open = jest.spyOn(window, 'open').mockReturnValue(null);
  (await chat()!.findByRole('button', { name: 'Parler à un conseiller' })).click();
  await waitFor(() => expect(chat()!.queryByRole('dialog')).toBeNull());
  expect(open).toHaveBeenCalledTimes(1);
  open.mockRestore();
  window.SupportChat!('toggle');
  window.SupportChat!('close');
  expect(seen.slice(2)).toEqual([
    'support-chat:question {"id":"pricing-fee"}',
    `support-chat:agent {"url":"https://wa.me/33184800000?text=${encodeURIComponent("Bonjour l'assistance Fundament, j'ai besoin d'aide au sujet de : Tarifs")}"}`,
    'support-chat:close {}',
    'support-chat:open {}',
    'support-chat:close {}',
  ]);
});

test('shutdown leaves nothing on the page and forgets the settings; boot brings the widget back', () => {
  snippet();
  loadScript();
  window.SupportChat!('locale', 'fr');
  window.SupportChat!('open');
  window.SupportChat!('shutdown');
  expect(document.body.innerHTML).toBe('');
  // Closed and in the page's language: a sign-out leaves nothing of the last visitor's chat.
  window.SupportChat!('boot');
  expect(chat()!.getByRole('button', { name: 'Need help?' })).toBeVisible();
  expect(chat()!.queryByRole('dialog')).toBeNull();
  expect(seen.filter((line) => line.startsWith('support-chat:ready'))).toHaveLength(2);
});

test('a page that loads it on consent: a shutdown in the queue keeps it off until boot, with its options', async () => {
  snippet();
  window.SupportChat!('shutdown');
  loadScript();
  expect(document.querySelector('[data-support-chat]')).toBeNull();
  window.SupportChat!('boot', { locale: 'fr', phone: '' });
  chat()!.getByRole('button', { name: "Besoin d'aide ?" }).click();
  expect(await chat()!.findByRole('button', { name: 'Parler à un conseiller' })).toBeDisabled();
});

test('the phone command: an invalid number disables the agent, a valid one enables it; bad commands only warn', () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  loadScript();
  window.SupportChat!('open');
  window.SupportChat!('phone', 'none');
  expect(chat()!.getByRole('button', { name: 'Talk to an agent' })).toBeDisabled();
  window.SupportChat!('phone', '+237 6 99 00 11 22');
  expect(chat()!.getByRole('button', { name: 'Talk to an agent' })).toBeEnabled();
  (window.SupportChat as unknown as (command: string, argument?: unknown) => void)('locale', 'de');
  (window.SupportChat as unknown as (command: string) => void)('explode');
  expect(warn.mock.calls.map(([message]) => message)).toEqual(['SupportChat: locale must be one of en, fr', 'SupportChat: unknown command explode']);
  expect(chat()!.getByRole('dialog', { name: 'Fundament support' })).toBeVisible();
  warn.mockRestore();
});
