import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { fakeApi, renderWithProviders } from 'shared/testing';
import { InvitePanel } from './invite-panel';

const user = userEvent.setup();

const PROJECT = '0b0c9a52-7e7a-4d43-9a3c-2f7f0f3f6a11';
const SPECIALIST = '5d1e6a3e-1c55-4a8a-8f0e-8d6c2b8e7a22';

const card = {
  id: SPECIALIST,
  title: 'Conrad & Sons',
  subtitle: 'Tiling',
  description: '',
  company: 'Conrad & Sons',
  contact_name: 'Conrad',
  role_label: 'contractor',
  kind: 'contractor',
  categories: [],
  trades: [],
  location: { country: 'CM', cities: [] },
  photo_url: null,
  verified: true,
  rating: null,
  review_count: 0,
};

const invite = {
  id: 'i1',
  status: 'pending',
  message: 'Bathroom tiles',
  created_at: '2026-11-20T10:00:00.000Z',
  responded_at: null,
  project: { id: PROJECT, title: 'Bathroom' },
  inviter: { id: 'u1', name: 'Claire' },
  specialist: { id: SPECIALIST, name: 'Conrad' },
  email: null,
};

describe('InvitePanel', () => {
  it('invites the specialist picked with the message typed, then clears the form', async () => {
    toast.remove();
    render(<Toaster />);
    // The server's list of sent invitations, as it is before and after the invitation.
    const sent: (typeof invite)[] = [];
    const calls = fakeApi({
      'GET specialists': () => ({ body: { data: [card], meta: { page: 1, page_size: 6, total: 1 } } }),
      'GET invites': () => ({ body: { data: [...sent] } }),
      'POST invites': () => {
        sent.push(invite);
        return { status: 201, body: invite };
      },
    });
    renderWithProviders(<InvitePanel projectId={PROJECT} />, { url: `/main/projects/${PROJECT}` });
    await user.click(await screen.findByRole('radio', { name: /Conrad & Sons/ }));
    await user.type(screen.getByLabelText('Message to Conrad & Sons (optional)'), ' Bathroom tiles ');
    await user.click(screen.getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByText('Conrad & Sons has been invited to quote.')).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST invites')?.body).toEqual({
      project_id: PROJECT,
      specialist_id: SPECIALIST,
      message: 'Bathroom tiles',
    });
    expect(screen.queryByRole('button', { name: 'Send the invitation' })).not.toBeInTheDocument();
    // At once, without another answer: the specialist is marked invited and cannot be picked again.
    expect(screen.getByText('Invited')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Conrad & Sons/ })).toBeDisabled();
  });

  it('says why an invitation is refused', async () => {
    toast.remove();
    render(<Toaster />);
    fakeApi({
      'GET specialists': () => ({ body: { data: [card], meta: { page: 1, page_size: 6, total: 1 } } }),
      'GET invites': () => ({ body: { data: [] } }),
      'POST invites': () => ({ status: 409, body: { message: 'This specialist is already invited.' } }),
    });
    renderWithProviders(<InvitePanel projectId={PROJECT} />, { url: `/main/projects/${PROJECT}` });
    await user.click(await screen.findByRole('radio', { name: /Conrad & Sons/ }));
    await user.click(screen.getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByText('This specialist is already invited.')).toBeInTheDocument();
  });
});
