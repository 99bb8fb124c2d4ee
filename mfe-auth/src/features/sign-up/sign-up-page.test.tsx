import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from 'shared/testing';
import { renderPage } from '../../testing/render-page';
import { SignUpPage, SignUpSpecialistsPage } from './sign-up-page';

// Typing without pauses, and room for a busy machine: these tests walk whole flows.
const user = userEvent.setup({ delay: null });
jest.setTimeout(20_000);

async function fillPersonalInfo(email = 'ada@example.com') {
  await user.type(screen.getByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Last name'), 'Okafor');
  await user.type(screen.getByLabelText('Email'), email);
  await user.selectOptions(screen.getByLabelText('Country'), 'Cameroon');
  await user.type(screen.getByLabelText('City'), 'Douala');
  await user.type(screen.getByLabelText('Phone number'), '+237 699 00 11 22');
}

async function fillPasswords(password: string, confirmation = password) {
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), password);
  await user.type(screen.getByLabelText('Confirm password'), confirmation);
}

describe('SignUpPage', () => {
  it('lists every missing personal detail before going to step 2', async () => {
    fakeApi({});
    renderPage(<SignUpPage />, { url: '/sign-up' });
    expect(screen.getByText('Step 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please enter your first name')).toBeInTheDocument();
    expect(screen.getByText('Please enter your last name')).toBeInTheDocument();
    expect(screen.getByText('This field is mandatory.')).toBeInTheDocument();
    expect(screen.getByText('Please select your country')).toBeInTheDocument();
    expect(screen.getByText('Please enter your city')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 2')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveFocus();
  });

  it('checks a field when it is left', async () => {
    fakeApi({});
    renderPage(<SignUpPage />, { url: '/sign-up' });
    await user.type(screen.getByLabelText('Phone number'), '12ab');
    await user.tab();
    expect(await screen.findByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(screen.queryByText('Please enter your first name')).not.toBeInTheDocument();
  });

  it('goes through both steps, creates the account and offers to resend the e-mail', async () => {
    const calls = fakeApi({
      'POST auth/sign-up': ({ body }) => ({ status: 201, body: { message: 'Created', email: body?.email } }),
      'POST auth/resend-verification': () => ({ body: { message: 'Sent' } }),
    });
    renderPage(<SignUpPage />, { url: '/sign-up' });
    await fillPersonalInfo();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Step 2 of 2')).toBeInTheDocument();

    const terms = screen.getByRole('link', { name: /Terms of service/ });
    expect(terms).toHaveAttribute('href', '/terms');
    expect(terms).toHaveAttribute('target', '_blank');
    await fillPasswords('secret', 'other');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Minimum amount of characters is 8.')).toBeInTheDocument();
    expect(screen.getByText('Password must have at least one number.')).toBeInTheDocument();
    expect(screen.getByText('Password must have at least one uppercase letter.')).toBeInTheDocument();
    expect(screen.queryByText('Password must have at least one lowercase letter.')).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('Password', { selector: 'input' }));
    await user.clear(screen.getByLabelText('Confirm password'));
    await fillPasswords('Secret-2026', 'Secret-2027');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'Secret-2026');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST auth/sign-up')?.body).toEqual({
      first_name: 'Ada',
      last_name: 'Okafor',
      email: 'ada@example.com',
      country: 'CM',
      city: 'Douala',
      phone_number: '+237 699 00 11 22',
      account_type: 'client',
      password: 'Secret-2026',
      password_confirmation: 'Secret-2026',
      locale: 'en',
    });

    await user.click(screen.getByRole('button', { name: 'Resend the email' }));
    expect(await screen.findByText('The email has been resent successfully.')).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST auth/resend-verification')?.body).toEqual({ email: 'ada@example.com' });
  });

  it('brings back step 1 with the server message when the address is taken', async () => {
    fakeApi({
      'POST auth/sign-up': () => ({
        status: 422,
        body: { message: 'Invalid', errors: { email: ['This email is already registered.'] } },
      }),
    });
    renderPage(<SignUpPage />, { url: '/sign-up' });
    await fillPersonalInfo('taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await fillPasswords('Secret-2026');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This email is already registered.')).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 2')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    // The message stays while the address is unchanged, and goes once it is corrected.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('This email is already registered.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'x');
    expect(screen.queryByText('This email is already registered.')).not.toBeInTheDocument();
  });

  it('says "Something went wrong" when the server fails', async () => {
    fakeApi({ 'POST auth/sign-up': () => ({ status: 503 }) });
    renderPage(<SignUpPage />, { url: '/sign-up' });
    await fillPersonalInfo();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await fillPasswords('Secret-2026');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('Step 2 of 2')).toBeInTheDocument();
  });

  it('opens the specialist sign-up with the specialist account chosen and asks for the kind', async () => {
    const calls = fakeApi({ 'POST auth/sign-up': ({ body }) => ({ status: 201, body: { message: 'ok', email: body?.email } }) });
    renderPage(<SignUpSpecialistsPage />, { url: '/sign-up-specialists' });
    expect(screen.getByRole('heading', { name: 'Create your specialist account' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Specialist/ })).toBeChecked();
    await fillPersonalInfo();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const kind = screen.getByRole('radiogroup', { name: 'What kind of specialist are you?' });
    expect(await within(kind).findByText('This field is mandatory.')).toBeInTheDocument();
    expect(kind).toHaveAttribute('aria-invalid', 'true');
    expect(within(kind).getByRole('radio', { name: 'Contractor' })).toHaveFocus();
    await user.click(within(kind).getByRole('radio', { name: 'Expert' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await fillPasswords('Secret-2026');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({ account_type: 'specialist', specialist_kind: 'expert' });
  });
});
