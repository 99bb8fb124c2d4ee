import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { renderWithProviders } from 'shared/testing';
import { registerRemoteManifests } from './remotes-config';
import { primeRemoteSlot, RemoteSlot } from './remote-slot';
import { IncompatibleRemoteError } from './version-guard';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

const loadRemoteMock = loadRemote as jest.MockedFunction<typeof loadRemote>;
const registerRemotesMock = registerRemotes as jest.MockedFunction<typeof registerRemotes>;

function RemotePage() {
  return <h1>Remote page content</h1>;
}

beforeEach(() => {
  // Failed loads are logged on purpose; keep the test output readable.
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  registerRemoteManifests({
    mfe_auth: 'http://localhost/remotes/mfe-auth/mf-manifest.json',
    mfe_admin: 'http://localhost/remotes/mfe-admin/mf-manifest.json',
  });
  registerRemotesMock.mockClear();
});

describe('RemoteSlot', () => {
  it('renders the remote once it has loaded', async () => {
    loadRemoteMock.mockResolvedValue({ default: RemotePage });
    renderWithProviders(<RemoteSlot remote="mfe_auth" />);
    expect(await screen.findByRole('heading', { name: 'Remote page content' })).toBeInTheDocument();
    expect(loadRemoteMock).toHaveBeenCalledWith('mfe_auth/Routes');
  });

  it('retries once by itself, then shows a fallback with a retry button that loads again', async () => {
    loadRemoteMock.mockRejectedValueOnce(new Error('manifest 404')).mockRejectedValueOnce(new Error('still down'));
    renderWithProviders(<RemoteSlot remote="mfe_landing" />);

    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert).toHaveTextContent('This part of the site is unavailable');
    // The automatic retry happened before the fallback, after re-registering the remote.
    expect(loadRemoteMock).toHaveBeenCalledTimes(2);

    loadRemoteMock.mockResolvedValue({ default: RemotePage });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Remote page content' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('tells the visitor the part is being updated when the remote needs a newer shared package', async () => {
    // The federation runtime refuses the remote while resolving its shared modules, on both attempts.
    loadRemoteMock.mockRejectedValue(new IncompatibleRemoteError('mfe_admin', 'shared/ui', '0.1.0', '^1.0.0'));
    renderWithProviders(<RemoteSlot remote="mfe_admin" />);
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert).toHaveTextContent('This part of the site is being updated');
    expect(alert).not.toHaveTextContent('Check your connection');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    loadRemoteMock.mockReset();
  });

  it('re-registers the remote with force before the automatic retry', async () => {
    loadRemoteMock.mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce({ default: RemotePage });
    renderWithProviders(<RemoteSlot remote="mfe_admin" />);
    expect(await screen.findByRole('heading', { name: 'Remote page content' }, { timeout: 3000 })).toBeInTheDocument();
    expect(registerRemotesMock).toHaveBeenCalledWith([{ name: 'mfe_admin', entry: 'http://localhost/remotes/mfe-admin/mf-manifest.json' }], {
      force: true,
    });
  });

  it('contains a remote that throws while rendering', async () => {
    function Broken(): never {
      throw new Error('bad render');
    }
    loadRemoteMock.mockResolvedValue({ default: Broken });
    renderWithProviders(
      <>
        <p>Header stays</p>
        <RemoteSlot remote="mfe_client" />
      </>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this page');
    expect(screen.getByText('Header stays')).toBeInTheDocument();
  });

  it('uses a load the shell already made for a prerendered page: a failed one shows the fallback without loading again', async () => {
    loadRemoteMock.mockClear();
    primeRemoteSlot('mfe_auth', 'Routes', Promise.reject(new Error('down twice already')));
    renderWithProviders(<RemoteSlot remote="mfe_auth" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This part of the site is unavailable');
    expect(loadRemoteMock).not.toHaveBeenCalled();

    // Retry loads the remote the usual way.
    loadRemoteMock.mockResolvedValue({ default: RemotePage });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Remote page content' })).toBeInTheDocument();
  });

  it('shows a compact fallback for the chat widget', async () => {
    loadRemoteMock.mockRejectedValue(new Error('down'));
    renderWithProviders(<RemoteSlot remote="mfe_chat" exposed="Widget" variant="widget" />);
    await act(async () => undefined);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Support chat is unavailable.'), {
      timeout: 3000,
    });
  });
});
