import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mount, unmount } from './mount';

function chatIn(element: HTMLElement) {
  const host = element.querySelector<HTMLElement>('[data-support-chat]');
  const container = host?.shadowRoot?.querySelector<HTMLElement>('div');
  if (!container) throw new Error('no chat mounted in a shadow root');
  return within(container);
}

afterEach(() => act(() => unmount()));

test('mounts in a shadow root with its own styles and catalogs, and updates on a second mount', async () => {
  const user = userEvent.setup();
  const element = document.createElement('section');
  document.body.appendChild(element);
  const open = jest.spyOn(window, 'open').mockReturnValue(null);

  act(() => void mount(element, { locale: 'fr', phone: '+237 6 99 00 11 22', position: 'bottom-left' }));
  const chat = chatIn(element);
  const host = element.querySelector('[data-support-chat]');
  expect(host?.shadowRoot?.querySelector('style[data-support-chat]')).not.toBeNull();
  // Nothing of the widget is in the page's own DOM, only in the shadow tree.
  expect(screen.queryByRole('button')).not.toBeInTheDocument();

  await user.click(chat.getByRole('button', { name: "Besoin d'aide ?" }));
  expect(chat.getByRole('dialog', { name: 'Assistance Fundament' })).toBeVisible();

  act(() => void mount(element, { locale: 'en', phone: '+237 6 99 00 11 22', position: 'bottom-left' }));
  await waitFor(() => expect(chat.getByRole('dialog', { name: 'Fundament support' })).toBeVisible());
  expect(element.querySelectorAll('[data-support-chat]')).toHaveLength(1);

  await user.click(chat.getByRole('button', { name: 'Talk to an agent' }));
  expect(open).toHaveBeenCalledWith(
    'https://wa.me/237699001122?text=Hello%20Fundament%20support%2C%20I%20need%20help.',
    '_blank',
    'noopener,noreferrer',
  );
});

test('unmount removes the widget from the element', () => {
  const element = document.createElement('div');
  document.body.appendChild(element);
  let dispose = () => undefined as void;
  act(() => {
    dispose = mount(element);
  });
  expect(chatIn(element).getByRole('button', { name: 'Need help?' })).toBeInTheDocument();
  act(() => dispose());
  expect(element.querySelector('[data-support-chat]')).toBeNull();
});
