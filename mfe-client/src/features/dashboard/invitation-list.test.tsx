import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { fakeApi, renderWithProviders } from 'shared/testing';
import type { InviteView } from 'shared/contract';
import { InvitationList } from './invitation-list';

const invite: InviteView = {
  id: 'i1',
  status: 'pending',
  message: 'Could you quote on this?',
  created_at: '2026-11-20T10:00:00.000Z',
  responded_at: null,
  project: { id: 'p1', title: 'Solar backup for the family home' },
  inviter: { id: 'c1', name: 'Claire Client' },
  specialist: { id: 's1', name: 'Conrad Contractor' },
  email: null,
};

describe('InvitationList', () => {
  it('shows who invites, their message and a link to the project', () => {
    renderWithProviders(<InvitationList invites={[invite]} onAnswered={() => undefined} />);
    expect(screen.getByRole('link', { name: 'Solar backup for the family home' })).toHaveAttribute('href', '/main/projects/p1');
    expect(screen.getByText('From Claire Client')).toBeInTheDocument();
    expect(screen.getByText('Could you quote on this?')).toBeInTheDocument();
  });

  it('accepts an invitation, tells the specialist, and passes the answer on', async () => {
    const calls = fakeApi({ 'POST invites/i1/accept': () => ({ body: { ...invite, status: 'accepted' } }) });
    const onAnswered = jest.fn();
    renderWithProviders(
      <>
        <InvitationList invites={[invite]} onAnswered={onAnswered} />
        <Toaster />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Accept the invitation for Solar backup for the family home' }));
    expect(await screen.findByText('Invitation accepted. You can now quote on the project.')).toBeInTheDocument();
    expect(onAnswered).toHaveBeenCalledWith(expect.objectContaining({ id: 'i1', status: 'accepted' }));
    expect(calls.map((call) => call.key)).toEqual(['POST invites/i1/accept']);
  });

  it('shows the server’s reason when the invitation was already answered', async () => {
    fakeApi({ 'POST invites/i1/decline': () => ({ status: 409, body: { message: 'This invitation has already been answered.' } }) });
    const onAnswered = jest.fn();
    renderWithProviders(
      <>
        <InvitationList invites={[invite]} onAnswered={onAnswered} />
        <Toaster />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Decline the invitation for Solar backup for the family home' }));
    expect(await screen.findByText('This invitation has already been answered.')).toBeInTheDocument();
    expect(onAnswered).not.toHaveBeenCalled();
  });

  it('says so when nothing is pending', () => {
    renderWithProviders(<InvitationList invites={[]} onAnswered={() => undefined} />);
    expect(screen.getByText('No pending invitation.')).toBeInTheDocument();
  });
});
