import { screen } from '@testing-library/react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { renderWithProviders } from 'shared/testing';
import { rememberEarlyPresses } from '../common/early-presses';
import { ChatLauncher } from './chat-launcher';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

function RemoteWidget({ defaultOpen = false }: { defaultOpen?: boolean }) {
  return <p>{defaultOpen ? 'Chat open' : 'Chat closed'}</p>;
}

// Its own file: the shell keeps a loaded remote for the page's lifetime.
it('opens the chat for a press on the launcher the server sent, made before the shell ran', async () => {
  (loadRemote as jest.MockedFunction<typeof loadRemote>).mockResolvedValue({ default: RemoteWidget });
  rememberEarlyPresses();
  document.body.innerHTML = '<button type="button" class="chat-launcher" data-early-press="chat">Need help?</button>';
  document.querySelector('button')!.click();
  document.body.innerHTML = '';

  renderWithProviders(<ChatLauncher />);
  expect(await screen.findByText('Chat open')).toBeInTheDocument();
  expect(loadRemote).toHaveBeenCalledWith('mfe_chat/Widget');
});
