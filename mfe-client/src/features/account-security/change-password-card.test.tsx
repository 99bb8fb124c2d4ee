import { configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { STORAGE_KEYS } from 'shared/session';
import { fakeApi, renderWithProviders } from 'shared/testing';
import { ChangePasswordCard } from './change-password-card';
import { messages as sharedFr } from '../../../../shared/src/locales/fr';
import { messages as clientFr } from '../../locales/fr';

const user = userEvent.setup({ delay: null });
jest.setTimeout(20_000);
configure({ asyncUtilTimeout: 4000 });

function renderCard(locale: 'en' | 'fr' = 'en') {
  toast.remove();
  render(<Toaster />);
  return renderWithProviders(<ChangePasswordCard />, { locale, ...(locale === 'fr' ? { messages: { ...sharedFr, ...clientFr } } : {}) });
}

beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.clientToken, 'tok-1'));

describe('ChangePasswordCard', () => {
  it('sends the current and the new password, says the other sessions ended, and empties the fields', async () => {
    const calls = fakeApi({
      'PUT auth/password': () => ({ body: { message: 'Your password has been changed. Your other sessions have been signed out.' } }),
    });
    renderCard();
    await user.type(screen.getByLabelText('Current password'), 'Old-walls-1');
    await user.type(screen.getByLabelText('New password'), 'New-walls-22');
    await user.type(screen.getByLabelText('Confirm the new password'), 'New-walls-22');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed. Your other sessions have been signed out.')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ current_password: 'Old-walls-1', password: 'New-walls-22', password_confirmation: 'New-walls-22' });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('checks the new password with the sign-up rules before sending anything', async () => {
    const calls = fakeApi({});
    renderCard();
    await user.type(screen.getByLabelText('Current password'), 'Old-walls-1');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm the new password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Minimum amount of characters is 8.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows a wrong current password on its field, in French', async () => {
    fakeApi({
      'PUT auth/password': () => ({
        status: 422,
        body: { message: 'Veuillez vérifier les champs en surbrillance.', errors: { current_password: ['Ce n’est pas votre mot de passe actuel.'] } },
      }),
    });
    renderCard('fr');
    await user.type(screen.getByLabelText('Mot de passe actuel'), 'Wrong-walls-1');
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'New-walls-22');
    await user.type(screen.getByLabelText('Confirmez le nouveau mot de passe'), 'New-walls-22');
    await user.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await screen.findByText('Ce n’est pas votre mot de passe actuel.')).toBeInTheDocument();
  });
});
