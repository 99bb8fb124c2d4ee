import { act, render, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { activateLocale } from 'shared/i18n';
import Widget from './widget';

function chatIn(container: HTMLElement) {
  const frame = container.firstElementChild?.shadowRoot?.querySelector<HTMLElement>('[data-shadow-frame]');
  if (!frame) throw new Error('the widget is not in a shadow root');
  return within(frame);
}

afterEach(async () => {
  await act(() => activateLocale('en'));
});

test('in the site it uses the page’s locale and the configured number, and resets on a language switch', async () => {
  const user = userEvent.setup();
  const open = jest.spyOn(window, 'open').mockReturnValue(null);
  await act(() => activateLocale('en'));
  const { container } = render(
    <I18nProvider i18n={i18n}>
      <Widget />
    </I18nProvider>,
  );
  await waitFor(() => expect(chatIn(container).getByRole('button', { name: 'Need help?' })).toBeInTheDocument());
  const chat = chatIn(container);

  await user.click(chat.getByRole('button', { name: 'Need help?' }));
  await user.click(chat.getByRole('button', { name: 'Pricing' }));
  await user.click(chat.getByRole('button', { name: 'Do I need a subscription?' }));
  expect(chat.getByRole('log')).toHaveTextContent('Do I need a subscription?');

  await act(() => activateLocale('fr'));
  expect(chat.getByRole('dialog', { name: 'Assistance Fundament' })).toBeVisible();
  expect(chat.getByRole('log')).not.toHaveTextContent('abonnement');
  expect(chat.getByRole('button', { name: 'Tarifs' })).toBeInTheDocument();

  await user.click(chat.getByRole('button', { name: 'Parler à un conseiller' }));
  expect(open).toHaveBeenCalledWith(
    `https://wa.me/33184800000?text=${encodeURIComponent("Bonjour l'assistance Fundament, j'ai besoin d'aide.")}`,
    '_blank',
    'noopener,noreferrer',
  );
});
