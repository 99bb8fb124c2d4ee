import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from 'shared/session';
import { fakeApi } from 'shared/testing';
import { adminUserFixture } from '../../testing/fixtures';
import { CONTRACT_ID, contractFixture, milestoneFixture } from '../../testing/escrow-fixtures';
import { CONVERSATION_ID, conversationFixture } from '../../testing/conversation-fixtures';
import { renderAdminPage } from '../../testing/render-page';
import { ContractPage } from './contract-page';

jest.setTimeout(30_000);

const experts = {
  data: [
    {
      ...adminUserFixture({
        id: 'e1',
        first_name: 'Eva',
        last_name: 'Expert',
        role: 'expert',
        specialist_kind: 'expert',
        verification_state: 'verified',
      }),
      workload: 2,
    },
    {
      ...adminUserFixture({
        id: 'k1',
        first_name: 'Paul',
        last_name: 'Mbappe',
        role: 'expert',
        specialist_kind: 'expert',
        verification_state: 'verified',
      }),
      workload: 0,
    },
    {
      ...adminUserFixture({
        id: 'i1',
        first_name: 'Inès',
        last_name: 'Kamga',
        role: 'expert',
        specialist_kind: 'expert',
        verification_state: 'pending',
      }),
      workload: 0,
    },
  ],
};

const statement = {
  currency: 'EUR',
  entries: [
    {
      id: 's1',
      at: '2026-02-01T09:00:00.000Z',
      kind: 'funding',
      milestone_position: 1,
      milestone_title: 'Foundations',
      amount: 310500,
      balance: 310500,
    },
  ],
  totals: contractFixture().account,
};

const renderContract = () => renderAdminPage(<ContractPage />, { url: `/admin/contracts/${CONTRACT_ID}`, path: '/admin/contracts/:id' });

describe('contract page', () => {
  it('shows the parties, the account, the milestones and the statement', async () => {
    fakeApi({
      [`GET admin/contracts/${CONTRACT_ID}`]: () => ({
        body: contractFixture({
          milestones: [
            milestoneFixture({
              status: 'submitted',
              next: { action: 'assign_expert', waiting_on: 'admin' },
              photos: [{ id: 'f1', file_name: 'slab.jpg', content_type: 'image/jpeg', size_bytes: 4096, url: '/x' }],
            }),
          ],
        }),
      }),
      [`GET admin/contracts/${CONTRACT_ID}/statement`]: () => ({ body: statement }),
      'GET admin/experts': () => ({ body: experts }),
    });
    renderContract();
    expect(await screen.findByRole('heading', { level: 1, name: 'Kitchen renovation' })).toBeInTheDocument();
    const account = screen.getByRole('region', { name: 'Escrow account' });
    expect(within(account).getByText('Held in escrow').closest('div')).toHaveTextContent('€3,105');
    const milestone = screen.getByRole('listitem', { name: 'Milestone 1: Foundations' });
    expect(within(milestone).getByText('Work submitted')).toBeInTheDocument();
    // Nothing is paid out or refunded yet: no zero figures for either.
    expect(within(milestone).queryByText('Paid to the contractor')).not.toBeInTheDocument();
    expect(within(milestone).queryByText('Refunded to the client')).not.toBeInTheDocument();
    expect(within(milestone).getByText('Assign an expert (waiting on: Admin)')).toBeInTheDocument();
    expect(within(milestone).getByRole('button', { name: 'Download slab.jpg' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Statement of the escrow account' });
    expect(within(table).getByText('Card payment into escrow')).toBeInTheDocument();
    expect(within(table).getByText('+€3,105')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
  });

  it('shows what the parties wrote to each other on the contract, with a link to the full record', async () => {
    fakeApi({
      [`GET admin/contracts/${CONTRACT_ID}`]: () => ({ body: contractFixture() }),
      [`GET admin/contracts/${CONTRACT_ID}/statement`]: () => ({ body: statement }),
      [`GET admin/contracts/${CONTRACT_ID}/conversation`]: () => ({ body: conversationFixture() }),
      'GET admin/experts': () => ({ body: experts }),
    });
    renderContract();
    const conversation = await screen.findByRole('region', { name: 'Conversation between the parties', busy: false });
    expect(within(conversation).getAllByRole('article')).toHaveLength(3);
    expect(within(conversation).getByRole('link', { name: 'Open the full record' })).toHaveAttribute(
      'href',
      `/admin/conversations/${CONVERSATION_ID}`,
    );
  });

  it('downloads a photo and the CSV statement with the admin token', async () => {
    window.localStorage.setItem(STORAGE_KEYS.adminToken, 'admin-token-1');
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:file'), revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const calls = fakeApi({
      [`GET admin/contracts/${CONTRACT_ID}`]: () => ({
        body: contractFixture({
          milestones: [milestoneFixture({ photos: [{ id: 'f1', file_name: 'slab.jpg', content_type: 'image/jpeg', size_bytes: 4096, url: '/x' }] })],
        }),
      }),
      [`GET admin/contracts/${CONTRACT_ID}/statement`]: () => ({ body: statement }),
      [`GET admin/contracts/${CONTRACT_ID}/files/f1`]: () => ({ body: 'jpeg bytes' }),
      'GET admin/experts': () => ({ body: experts }),
    });
    renderContract();
    await userEvent.click(await screen.findByRole('button', { name: 'Download slab.jpg' }));
    await waitFor(() => expect(saved).toEqual(['slab.jpg']));
    const file = calls.find((call) => call.key === `GET admin/contracts/${CONTRACT_ID}/files/f1`)!;
    expect(file.headers.get('Authorization')).toBe('Bearer admin-token-1');

    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual(['slab.jpg', `statement-${CONTRACT_ID}.csv`]));
    const csv = calls.filter((call) => call.key === `GET admin/contracts/${CONTRACT_ID}/statement`).at(-1)!;
    expect(csv.search.get('format')).toBe('csv');
    expect(csv.headers.get('Authorization')).toBe('Bearer admin-token-1');
  });

  it('assigns the chosen expert, and shows the server’s refusal word for word', async () => {
    let refuse = true;
    const calls = fakeApi({
      [`GET admin/contracts/${CONTRACT_ID}`]: () => ({ body: contractFixture() }),
      [`GET admin/contracts/${CONTRACT_ID}/statement`]: () => ({ body: statement }),
      'GET admin/experts': () => ({ body: experts }),
      [`POST admin/contracts/${CONTRACT_ID}/expert`]: () =>
        refuse
          ? { status: 409, body: { message: 'This expert is a party to the contract and cannot inspect it.' } }
          : { body: contractFixture({ expert: { id: 'e1', name: 'Eva Expert' } }) },
    });
    renderContract();
    const form = await screen.findByRole('region', { name: 'Assign expert' });
    const select = within(form).getByRole('combobox', { name: 'Expert' });
    await waitFor(() => expect(select).toBeEnabled());
    // Every verified expert is offered, the contractor who is also one here too; an expert awaiting verification is not.
    expect(within(select).getByRole('option', { name: 'Paul Mbappe — open inspections: 0' })).toBeInTheDocument();
    expect(within(select).queryByRole('option', { name: /Inès Kamga/ })).not.toBeInTheDocument();
    expect(within(form).getByText('Only verified experts are offered. Open inspections show each expert’s current workload.')).toBeInTheDocument();
    await userEvent.selectOptions(select, 'k1');
    await userEvent.click(within(form).getByRole('button', { name: 'Assign expert' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This expert is a party to the contract and cannot inspect it.');
    expect(calls.filter((call) => call.key.endsWith('/expert')).map((call) => call.body)).toEqual([{ expert_id: 'k1' }]);

    refuse = false;
    await userEvent.selectOptions(select, within(select).getByRole('option', { name: 'Eva Expert — open inspections: 2' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Assign expert' }));
    expect(await screen.findByRole('region', { name: 'Change expert' })).toHaveTextContent('Eva Expert inspects this contract’s milestones.');
    expect(calls.filter((call) => call.key.endsWith('/expert')).at(-1)!.body).toEqual({ expert_id: 'e1' });
  });

  it('declares the contractor insolvent after a confirmation with a note, and says how many contracts were frozen', async () => {
    let declared = false;
    const calls = fakeApi({
      [`GET admin/contracts/${CONTRACT_ID}`]: () => ({
        body: declared
          ? contractFixture({
              status: 'frozen',
              frozen_reason: 'insolvency',
              insolvency: { declared_at: '2026-03-02T10:00:00.000Z', note: 'Company in liquidation.', estimates_complete: false, settled_at: null },
            })
          : contractFixture(),
      }),
      [`GET admin/contracts/${CONTRACT_ID}/statement`]: () => ({ body: statement }),
      'GET admin/experts': () => ({ body: experts }),
      'POST admin/contractors/k1/insolvency': () => {
        declared = true;
        return { body: { frozen_contracts: 3 } };
      },
    });
    renderContract();
    await userEvent.click(await screen.findByRole('button', { name: 'Declare contractor insolvent' }));
    const dialog = screen.getByRole('dialog', { name: 'Declare Mbappe Builders insolvent?' });
    const confirm = within(dialog).getByRole('button', { name: 'Declare insolvent' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason (kept in the audit trail)' }), 'Company in liquidation.');
    await userEvent.click(confirm);
    expect(await screen.findByText('Mbappe Builders is declared insolvent. 3 contracts were frozen.')).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST admin/contractors/k1/insolvency')!.body).toEqual({ note: 'Company in liquidation.' });
    expect(await screen.findByText(/Contractor declared insolvent on .*: Company in liquidation\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Declare contractor insolvent' })).not.toBeInTheDocument();
  });
});
