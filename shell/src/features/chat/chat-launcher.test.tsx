import { act, screen } from '@testing-library/react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { renderWithProviders } from 'shared/testing';
import { ChatLauncher } from './chat-launcher';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const loadRemoteMock = loadRemote as jest.MockedFunction<typeof loadRemote>;

function RemoteWidget({ defaultOpen = false }: { defaultOpen?: boolean }) {
  return <p>{defaultOpen ? 'Chat open' : 'Chat closed'}</p>;
}

beforeEach(() => {
  jest.useFakeTimers();
  loadRemoteMock.mockReset();
  loadRemoteMock.mockResolvedValue({ default: RemoteWidget });
});

afterEach(() => {
  jest.useRealTimers();
});

// Each file loads the remote once: the shell keeps a loaded remote for the page's lifetime.
describe('ChatLauncher', () => {
  it('shows the launcher at once and asks for none of the chat until the loaded page has had its quiet seconds', async () => {
    renderWithProviders(<ChatLauncher />);
    expect(screen.getByRole('button', { name: 'Need help?' })).toHaveAttribute('aria-expanded', 'false');

    await act(async () => {
      jest.advanceTimersByTime(3900);
    });
    expect(loadRemoteMock).not.toHaveBeenCalled();

    await act(async () => {
      jest.advanceTimersByTime(200);
    });
    expect(loadRemoteMock).toHaveBeenCalledWith('mfe_chat/Widget');
    expect(await screen.findByText('Chat closed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Need help?' })).not.toBeInTheDocument();
  });
});
