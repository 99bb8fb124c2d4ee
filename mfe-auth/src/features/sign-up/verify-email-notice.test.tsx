import { screen } from '@testing-library/react';
import { fakeApi } from 'shared/testing';
import { renderPage } from '../../testing/render-page';
import { VerifyEmailNotice } from './verify-email-notice';

// The sign-up answer is the same whether or not the address already has an account:
// the screen must not promise a verification link the owner of an existing account never gets.
describe('VerifyEmailNotice', () => {
  it('covers both a new address and one that already has an account', async () => {
    fakeApi({});
    renderPage(<VerifyEmailNotice email="ada@example.com" />, { url: '/sign-up' });
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(screen.getByText(/If this address is new to Fundament, open the link in it to activate your account/)).toBeInTheDocument();
    expect(screen.getByText(/If you already have an account with this address, the email explains how to sign in/)).toBeInTheDocument();
    expect(screen.queryByText(/We have sent a verification link/)).not.toBeInTheDocument();
  });

  it('says so in French', async () => {
    fakeApi({});
    renderPage(<VerifyEmailNotice email="ada@example.com" />, { url: '/sign-up', locale: 'fr' });
    expect(await screen.findByText(/Si cette adresse est nouvelle sur Fundament, ouvrez le lien qu’il contient/)).toBeInTheDocument();
    expect(screen.getByText(/Si vous avez déjà un compte avec cette adresse, l’e-mail vous explique comment vous connecter/)).toBeInTheDocument();
  });
});
