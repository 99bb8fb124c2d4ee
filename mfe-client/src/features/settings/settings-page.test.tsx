import { act, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import toast, { Toaster } from 'react-hot-toast';
import { clientUserAtom, STORAGE_KEYS } from 'shared/session';
import { fakeApi, renderWithProviders, testClientUser } from 'shared/testing';
import { readImageSize } from './photo-upload';
import { SettingsPage } from './settings-page';
import { FakeXhr, installFakeXhr } from '../../testing/fake-xhr';
// The shared package's compiled messages (the API's texts among them); its exports do not list catalogs.
import { messages as sharedFr } from '../../../../shared/src/locales/fr';
import { messages as clientFr } from '../../locales/fr';

// Typing without pauses (and files of any type, to test the refusal), with room for a busy machine.
const user = userEvent.setup({ applyAccept: false, delay: null });
jest.setTimeout(20_000);
configure({ asyncUtilTimeout: 4000 });

jest.mock('./photo-upload', () => ({
  ...jest.requireActual('./photo-upload'),
  readImageSize: jest.fn(),
}));

const sizeOf = readImageSize as jest.MockedFunction<typeof readImageSize>;

const ada = testClientUser({
  id: 'u1',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Okafor',
  phone_number: '+237 699 00 11 22',
  photo_url: null,
});

function renderSettings(locale: 'en' | 'fr' = 'en', url = '/main/settings') {
  toast.remove();
  render(<Toaster />);
  const store = createStore();
  store.set(clientUserAtom, ada);
  const messages = locale === 'fr' ? { ...sharedFr, ...clientFr } : undefined;
  return renderWithProviders(<SettingsPage />, { url, store, locale, ...(messages ? { messages } : {}) });
}

function file(name: string, type: string) {
  return new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], name, { type });
}

const photoInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

beforeEach(() => {
  URL.createObjectURL = jest.fn(() => 'blob:preview-1');
  URL.revokeObjectURL = jest.fn();
  window.localStorage.setItem(STORAGE_KEYS.clientToken, 'tok-1');
  installFakeXhr();
});

describe('SettingsPage: personal details', () => {
  it("starts from the user's details and checks them with the profile rules", async () => {
    fakeApi({});
    renderSettings();
    expect(screen.getByRole('heading', { name: 'Personal information' })).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    await user.clear(screen.getByLabelText('First name'));
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ada@');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Please enter your first name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email.')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveFocus();
  });

  it('saves, updates the signed-in user and says so', async () => {
    const calls = fakeApi({ 'PUT auth/me': ({ body }) => ({ body: { ...ada, ...body } }) });
    const { store } = renderSettings();
    await user.clear(screen.getByLabelText('Last name'));
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your personal information has been saved.')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone_number: '+237 699 00 11 22',
    });
    expect(store.get(clientUserAtom)).toMatchObject({ last_name: 'Lovelace' });
  });

  it('asks the new address to confirm a change, and keeps the current address until it does', async () => {
    // The API answers with the unchanged account: the address changes when the link sent to it is opened.
    const calls = fakeApi({ 'PUT auth/me': () => ({ body: { ...ada, message: 'sent' } }) });
    const { store } = renderSettings();
    // The current password is asked for only once the address changes.
    expect(screen.queryByLabelText(/Current password/)).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ada.new@example.com');
    await user.type(screen.getByLabelText(/Current password/), 'Old-walls-1');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('We have sent a confirmation link to ada.new@example.com. Your address changes once you open it.'),
    ).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({ email: 'ada.new@example.com', current_password: 'Old-walls-1' });
    expect(screen.queryByLabelText(/Current password/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(store.get(clientUserAtom)).toMatchObject({ email: 'ada@example.com' });
    expect(store.get(clientUserAtom)).not.toHaveProperty('message');
  });

  it('shows the refusal of a wrong current password on its field', async () => {
    fakeApi({
      'PUT auth/me': () => ({
        status: 422,
        body: { message: 'Please check the highlighted fields.', errors: { current_password: ['This is not your current password.'] } },
      }),
    });
    renderSettings();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ada.new@example.com');
    await user.type(screen.getByLabelText(/Current password/), 'Wrong-walls-1');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('This is not your current password.')).toBeInTheDocument();
  });

  it('says so in French', async () => {
    fakeApi({ 'PUT auth/me': () => ({ body: { ...ada, message: 'envoyé' } }) });
    renderSettings('fr');
    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'ada.new@example.com');
    await user.type(screen.getByLabelText(/Mot de passe actuel/), 'Old-walls-1');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    expect(
      await screen.findByText('Nous avons envoyé un lien de confirmation à ada.new@example.com. Votre adresse change dès que vous l’ouvrez.'),
    ).toBeInTheDocument();
  });

  it('confirms a new address from the link e-mailed to it, and shows it', async () => {
    const calls = fakeApi({
      'POST auth/verify-email': () => ({ body: { message: 'Your email address has been verified.' } }),
      'GET auth/me': () => ({ body: { ...ada, email: 'ada.new@example.com' } }),
    });
    const { store } = renderSettings('en', '/main/settings?confirm_email=tok-9');
    expect(await screen.findByText('Your email address has been verified.')).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST auth/verify-email')?.body).toEqual({ token: 'tok-9' });
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('ada.new@example.com'));
    expect(store.get(clientUserAtom)).toMatchObject({ email: 'ada.new@example.com' });
  });

  it('says when the confirmation link has expired', async () => {
    fakeApi({ 'POST auth/verify-email': () => ({ status: 410, body: { message: 'Ce lien a expiré ou a déjà été utilisé.' } }) });
    renderSettings('fr', '/main/settings?confirm_email=old');
    expect(await screen.findByText('Ce lien a expiré ou a déjà été utilisé.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('ada@example.com');
  });

  it("shows the server's field errors on the fields, anything else as 'Something went wrong'", async () => {
    let status = 422;
    fakeApi({
      'PUT auth/me': () =>
        status === 422 ? { status, body: { message: 'Invalid', errors: { email: ['This email is already registered.'] } } } : { status },
    });
    renderSettings();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('This email is already registered.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    status = 500;
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });
});

describe('SettingsPage: sign out everywhere', () => {
  it('ends every session of the account, then this one', async () => {
    const calls = fakeApi({ 'POST auth/logout-everywhere': () => ({ status: 204 }), 'POST auth/logout': () => ({ status: 401 }) });
    const { store } = renderSettings();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('You are signed out on every device.')).toBeInTheDocument();
    expect(calls.map((call) => call.key)).toContain('POST auth/logout-everywhere');
    expect(store.get(clientUserAtom)).toBe(false);
    expect(window.localStorage.getItem(STORAGE_KEYS.clientToken)).toBeNull();
  });

  it('says so in French', async () => {
    fakeApi({ 'POST auth/logout-everywhere': () => ({ status: 204 }), 'POST auth/logout': () => ({ status: 401 }) });
    renderSettings('fr');
    await user.click(screen.getByRole('button', { name: 'Se déconnecter partout' }));
    expect(await screen.findByText('Vous êtes déconnecté sur tous les appareils.')).toBeInTheDocument();
  });
});

describe('SettingsPage: photo', () => {
  it('shows the hint and refuses a type that is neither SVG, PNG, GIF nor a camera photo before uploading', async () => {
    fakeApi({});
    renderSettings();
    expect(
      screen.getByText(/^SVG, PNG or GIF, at most 800×400 px\. A photo from your phone \(JPEG, WebP or HEIC\) is cropped to a square\.$/),
    ).toBeInTheDocument();
    await user.upload(photoInput(), file('me.bmp', 'image/bmp'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The photo must be a JPEG, WebP, HEIC, SVG, PNG or GIF image.');
    expect(FakeXhr.last).toBeNull();
  });

  it('sends a phone’s photo of any size in pixels, previewed as the round frame crops it', async () => {
    fakeApi({});
    sizeOf.mockResolvedValue({ width: 4032, height: 3024 });
    renderSettings();
    await user.upload(photoInput(), file('IMG_2041.JPG', 'image/jpeg'));
    expect(await screen.findByRole('img', { name: 'Your profile photo' })).toHaveAttribute('src', 'blob:preview-1');
    expect((FakeXhr.last!.body?.get('photo') as File).name).toBe('IMG_2041.JPG');
  });

  it('sends an iPhone’s HEIC the browser cannot show, with no preview, and refuses one over 15 MB before sending', async () => {
    fakeApi({});
    sizeOf.mockRejectedValue(new Error('unreadable image'));
    renderSettings();
    // Chrome and Firefox give a HEIC no type: its name says what it is.
    await user.upload(photoInput(), file('IMG_0007.HEIC', ''));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    expect(screen.queryByRole('img', { name: 'Your profile photo' })).not.toBeInTheDocument();
    act(() => FakeXhr.last!.answer(200, { photo_url: '/api/v1/media/photos/abc.webp' }));
    await waitFor(() => expect(screen.getByRole('img', { name: 'Your profile photo' })).toHaveAttribute('src', '/api/v1/media/photos/abc.webp'));

    FakeXhr.last = null;
    const huge = file('IMG_0008.HEIC', 'image/heic');
    Object.defineProperty(huge, 'size', { value: 16 * 1024 * 1024 });
    await user.upload(photoInput(), huge);
    expect(await screen.findByRole('alert')).toHaveTextContent('A photo from a camera must be at most 15 MB.');
    expect(FakeXhr.last).toBeNull();
  });

  it('refuses a picture larger than 800×400 px before uploading', async () => {
    fakeApi({});
    sizeOf.mockResolvedValue({ width: 801, height: 300 });
    renderSettings();
    await user.upload(photoInput(), file('wide.png', 'image/png'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The photo must be at most 800×400 pixels.');
    expect(FakeXhr.last).toBeNull();
    expect(screen.queryByRole('img', { name: 'Your profile photo' })).not.toBeInTheDocument();
  });

  it('previews the picture, shows the upload progress and keeps the saved photo', async () => {
    fakeApi({});
    sizeOf.mockResolvedValue({ width: 800, height: 400 });
    const { store } = renderSettings();
    await user.upload(photoInput(), file('me.svg', 'image/svg+xml'));
    expect(await screen.findByRole('img', { name: 'Your profile photo' })).toHaveAttribute('src', 'blob:preview-1');
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toMatch(/\/api\/v1\/auth\/me\/photo$/);
    expect(xhr.headers.Authorization).toBe('Bearer tok-1');
    expect((xhr.body?.get('photo') as File).name).toBe('me.svg');

    act(() => xhr.progress(50, 100));
    expect(await screen.findByText('Uploading… 50%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '50');

    act(() => xhr.answer(200, { photo_url: '/api/v1/media/photos/abc.svg' }));
    expect(await screen.findByText('Your photo has been updated.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('img', { name: 'Your profile photo' })).toHaveAttribute('src', '/api/v1/media/photos/abc.svg'));
    expect(store.get(clientUserAtom)).toMatchObject({ photo_url: '/api/v1/media/photos/abc.svg' });
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
  });

  it("shows the server's refusal of the photo", async () => {
    fakeApi({});
    sizeOf.mockResolvedValue({ width: 100, height: 100 });
    renderSettings();
    await user.upload(photoInput(), file('fake.png', 'image/png'));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    act(() => FakeXhr.last!.answer(422, { message: 'Invalid', errors: { photo: ['The photo must be a JPEG, WebP, HEIC, SVG, PNG or GIF image.'] } }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The photo must be a JPEG, WebP, HEIC, SVG, PNG or GIF image.');
    expect(screen.queryByRole('img', { name: 'Your profile photo' })).not.toBeInTheDocument();
  });
});
