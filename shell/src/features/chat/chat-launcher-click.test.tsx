import { act, fireEvent, screen } from '@testing-library/react';
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
  it('loads the chat when the visitor presses the launcher, and opens it', async () => {
    renderWithProviders(<ChatLauncher />);
    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
    expect(loadRemoteMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Need help?' }));
    expect(loadRemoteMock).toHaveBeenCalledWith('mfe_chat/Widget');
    expect(await screen.findByText('Chat open')).toBeInTheDocument();
  });
});
