import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { STORAGE_KEYS } from 'shared/session';
import { fakeApi, renderWithProviders, type FakeRoutes } from 'shared/testing';
import { FakeXhr, installFakeXhr } from '../../testing/fake-xhr';
import type { ContractView as Contract } from 'shared/contract';
import { ContractPage } from './contract-page';
import { goTo } from './fund-dialog';
import { contractFixture, disputeFixture, milestoneFixture, statementFixture } from '../../testing/contract-fixtures';

const user = userEvent.setup();

function renderContract(contract: Contract, routes: FakeRoutes = {}) {
  toast.remove();
  render(<Toaster />);
  const calls = fakeApi({
    'GET contracts/c1': () => ({ body: contract }),
    'GET contracts/c1/statement': () => ({ body: statementFixture(contract) }),
    ...routes,
  });
  renderWithProviders(<ContractPage />, { url: '/main/escrow/c1', path: '/main/escrow/:id' });
  return calls;
}

const funded = (contract: Contract): Contract => ({
  ...contract,
  account: { ...contract.account, funded: 106_500, held: 106_500 },
  milestones: [
    milestoneFixture({ status: 'funded', to_pay: 0, funded_at: '2026-11-21T10:00:00.000Z', next: { action: 'complete', waiting_on: 'contractor' } }),
  ],
});

describe('ContractPage', () => {
  it('shows the fees, then sends the client to the provider’s page with the method only and an Idempotency-Key', async () => {
    const contract = contractFixture();
    const assign = jest.spyOn(goTo, 'page').mockImplementation(() => undefined);
    const calls = renderContract(contract, {
      'POST contracts/c1/milestones/m1/fund': () => ({
        status: 202,
        body: {
          payment: { state: 'pending', method: 'card', redirect_url: '/sandbox/checkout/sbx_1', expires_at: null, phone_last4: null, message: null },
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Fund' }));
    const dialog = screen.getByRole('dialog', { name: 'Fund milestone 1: Demolition' });
    const fees = within(dialog).getByLabelText('Fee breakdown');
    expect(within(fees).getByText('Milestone amount').nextSibling).toHaveTextContent('€1,000');
    expect(within(fees).getByText('Expert inspection fee').nextSibling).toHaveTextContent('€50');
    expect(within(fees).getByText('Platform fee (1.5 %)').nextSibling).toHaveTextContent('€15');
    expect(within(fees).getByText('Total to pay').nextSibling).toHaveTextContent('€1,065');
    expect(within(dialog).getByRole('radio', { name: 'Card' })).toHaveFocus();
    expect(within(dialog).queryByLabelText('Card number')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Continue to the payment page (€1,065)' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox/checkout/sbx_1'));
    const payment = calls.find((call) => call.key === 'POST contracts/c1/milestones/m1/fund')!;
    expect(payment.body).toEqual({ method: 'card' });
    expect(payment.headers.get('Idempotency-Key')).toMatch(/^[\w-]{8,200}$/);
    assign.mockRestore();
  });

  it('waits for the approval on the phone, then shows the milestone funded', async () => {
    const contract = contractFixture();
    let state = 'pending';
    let current = contract;
    const calls = renderContract(contract, {
      'GET contracts/c1': () => ({ body: current }),
      'POST contracts/c1/milestones/m1/fund': () => ({
        status: 202,
        body: {
          payment: {
            state: 'pending',
            method: 'mobile_money',
            redirect_url: null,
            expires_at: '2026-11-21T10:30:00.000Z',
            phone_last4: '0000',
            message: null,
          },
        },
      }),
      'GET contracts/c1/milestones/m1/payment': () => ({
        body: { state, method: 'mobile_money', redirect_url: null, expires_at: '2026-11-21T10:30:00.000Z', phone_last4: '0000', message: null },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Fund' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Mobile money' }));
    await user.type(within(dialog).getByLabelText('Mobile money number'), '12 34');
    await user.click(within(dialog).getByRole('button', { name: 'Send the request to my phone (€1,065)' }));
    expect(await within(dialog).findByText('Enter a Cameroonian mobile number, for example 6 70 00 00 00.')).toBeInTheDocument();
    expect(calls.filter((call) => call.key.startsWith('POST'))).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Mobile money number'));
    await user.type(within(dialog).getByLabelText('Mobile money number'), '6 70 00 00 00');
    await user.click(within(dialog).getByRole('button', { name: 'Send the request to my phone (€1,065)' }));
    expect(await within(dialog).findByText('Approve the payment on your phone')).toBeInTheDocument();
    expect(within(dialog).getByText(/sent to your number ending 0000/)).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST contracts/c1/milestones/m1/fund')!.body).toEqual({
      method: 'mobile_money',
      operator: 'mtn',
      phone: '6 70 00 00 00',
    });
    state = 'funded';
    current = funded(contract);
    expect(await screen.findByText('Payment approved. The milestone is funded.', {}, { timeout: 6000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 15_000);

  it('back from the provider’s page, says why a payment did not go through', async () => {
    toast.remove();
    fakeApi({
      'GET contracts/c1': () => ({ body: contractFixture() }),
      'GET contracts/c1/statement': () => ({ body: statementFixture(contractFixture()) }),
      'GET contracts/c1/milestones/m1/payment': () => ({
        body: {
          state: 'declined',
          method: 'card',
          redirect_url: null,
          expires_at: null,
          phone_last4: null,
          message: 'Your card was declined. No money was taken.',
        },
      }),
    });
    renderWithProviders(<ContractPage />, { url: '/main/escrow/c1?payment=m1', path: '/main/escrow/:id' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined. No money was taken.');
  });

  it('names who receives what before a release', async () => {
    const contract = contractFixture({
      account: { ...contractFixture().account, funded: 106_500, held: 106_500 },
      milestones: [milestoneFixture({ status: 'approved', to_pay: 0, next: { action: 'release', waiting_on: 'client' } })],
    });
    const released = {
      ...contract,
      milestones: [milestoneFixture({ status: 'released', to_pay: 0, paid_to_contractor: 100_000, next: { action: 'none', waiting_on: null } })],
    };
    const calls = renderContract(contract, {
      'POST contracts/c1/milestones/m1/release': () => ({
        body: { released: { contractor: 100_000, expert_fee: 5_000, platform_fee: 1_500 }, contract: released },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Release' }));
    const dialog = screen.getByRole('dialog', { name: 'Release milestone 1: Demolition' });
    expect(within(dialog).getByText('To Conrad & Sons').nextSibling).toHaveTextContent('€1,000');
    expect(within(dialog).getByText('Inspection fee to Eve Expert').nextSibling).toHaveTextContent('€50');
    expect(within(dialog).getByText('Platform fee (1.5 %)').nextSibling).toHaveTextContent('€15');
    await user.click(within(dialog).getByRole('button', { name: 'Release €1,000' }));
    expect(await screen.findByText('€1,000 released to Conrad & Sons.')).toBeInTheDocument();
    const call = calls.find((item) => item.key === 'POST contracts/c1/milestones/m1/release')!;
    expect(call.headers.get('Idempotency-Key')).toBeTruthy();
    expect(await screen.findByText('Paid to the contractor', { selector: 'dt' })).toBeInTheDocument();
  });

  it('tells the client the date an approved milestone is released without them', async () => {
    const approved = milestoneFixture({
      status: 'approved',
      to_pay: 0,
      auto_release_at: '2026-12-08T10:00:00.000Z',
      next: { action: 'release', waiting_on: 'client' },
    });
    renderContract(contractFixture({ milestones: [approved] }));
    const date = await screen.findByText('Released automatically on', { selector: 'dt' });
    expect(date.nextSibling).toHaveTextContent('Dec 8, 2026');
    expect(screen.getByText(/Unless you release it or open a dispute before/)).toHaveTextContent(
      'Unless you release it or open a dispute before, the expert-approved milestone is released to the contractor on Dec 8, 2026.',
    );
  });

  it('gives the contractor “Mark complete” and sends notes and photos with progress', async () => {
    installFakeXhr();
    renderContract({ ...funded(contractFixture()), my_role: 'contractor' });
    await user.click(await screen.findByRole('button', { name: 'Mark complete' }));
    expect(screen.queryByRole('button', { name: 'Fund' })).not.toBeInTheDocument();
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('What was done'), 'Walls removed, debris taken away.');
    await user.upload(within(dialog).getByLabelText('Photos'), new File(['x'], 'site.jpg', { type: 'image/jpeg' }));
    expect(within(dialog).getByText('site.jpg')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send for inspection' }));
    const xhr = FakeXhr.last!;
    expect(xhr.url).toMatch(/\/api\/v1\/contracts\/c1\/milestones\/m1\/complete$/);
    expect(xhr.body?.get('notes')).toBe('Walls removed, debris taken away.');
    expect((xhr.body?.getAll('photos') as File[]).map((file) => file.name)).toEqual(['site.jpg']);
    act(() => xhr.progress(30, 100));
    expect(within(dialog).getByRole('progressbar', { name: 'Sending the work for inspection' })).toHaveAttribute('value', '30');
    const submitted = { ...funded(contractFixture()), my_role: 'contractor' as const };
    submitted.milestones = [
      milestoneFixture({
        status: 'submitted',
        to_pay: 0,
        completion_notes: 'Walls removed, debris taken away.',
        next: { action: 'inspect', waiting_on: 'expert' },
      }),
    ];
    act(() => xhr.answer(200, submitted));
    expect(await screen.findByText('Milestone 1 is marked complete. The expert has been asked to inspect it.')).toBeInTheDocument();
    expect(screen.getByText('Next: Inspection')).toBeInTheDocument();
  });

  it('gives the expert “Inspect” and not the client’s buttons', async () => {
    const contract = contractFixture({
      my_role: 'expert',
      milestones: [
        milestoneFixture({ status: 'submitted', to_pay: 0, completion_notes: 'Done.', next: { action: 'inspect', waiting_on: 'expert' } }),
      ],
    });
    renderContract(contract);
    await user.click(await screen.findByRole('button', { name: 'Inspect' }));
    expect(screen.queryByRole('button', { name: 'Release' })).not.toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Inspect milestone 1: Demolition' });
    await user.click(within(dialog).getByRole('button', { name: 'Save the inspection' }));
    expect(within(dialog).getByText('Please choose a decision.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please attach your report (PDF or image).')).toBeInTheDocument();
  });

  it('checks the reason of a dispute before sending it', async () => {
    installFakeXhr();
    renderContract(funded(contractFixture()));
    await user.click(await screen.findByRole('button', { name: 'Open a dispute' }));
    const dialog = screen.getByRole('dialog', { name: 'Open a dispute about milestone 1: Demolition' });
    expect(within(dialog).getByText(/arbitration takes 6 weeks to 3 months/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('What is wrong'), 'Too short');
    await user.click(within(dialog).getByRole('button', { name: 'Open the dispute' }));
    expect(within(dialog).getByText('Please explain the problem in at least 10 characters.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('What is wrong')).toHaveAttribute('aria-invalid', 'true');
    expect(FakeXhr.last).toBeNull();

    await user.type(within(dialog).getByLabelText('What is wrong'), ': the support beam is missing.');
    await user.click(within(dialog).getByRole('button', { name: 'Open the dispute' }));
    expect(FakeXhr.last!.body?.get('reason')).toBe('Too short: the support beam is missing.');
    act(() => FakeXhr.last!.answer(201, { ...funded(contractFixture()), status: 'frozen', frozen_reason: 'dispute', dispute: disputeFixture() }));
    const done = await screen.findByRole('dialog', { name: 'Dispute opened' });
    expect(within(done).getByText('Arbitration window')).toBeInTheDocument();
    expect(within(done).getByText('Answer due by').nextSibling).toHaveTextContent('Dec 15, 2026');
    await user.click(within(done).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.getByText('This contract is frozen')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open a dispute' })).not.toBeInTheDocument();
  });

  it('lets the client rate the contractor once everything is released, then shows the review', async () => {
    const contract = contractFixture({
      status: 'completed',
      can_review: true,
      milestones: [milestoneFixture({ status: 'released', to_pay: 0, paid_to_contractor: 100_000, next: { action: 'none', waiting_on: null } })],
    });
    const calls = renderContract(contract, {
      'POST contracts/c1/review': ({ body }) => ({ status: 201, body: { ...body, created_at: '2026-12-20T10:00:00.000Z' } }),
    });
    const form = (await screen.findByRole('heading', { name: 'Review Conrad & Sons' })).closest('section')!;
    await user.click(within(form).getByRole('button', { name: 'Publish the review' }));
    expect(within(form).getByText('Please choose a rating from 1 to 5 stars.')).toBeInTheDocument();
    expect(within(form).getByText('Please write at least 10 characters.')).toBeInTheDocument();

    const stars = within(form).getByRole('radiogroup', { name: 'Rating' });
    await user.click(within(stars).getByRole('radio', { name: '4 stars' }));
    await user.type(within(form).getByLabelText('Your review'), 'Clean work, on time.');
    await user.click(within(form).getByRole('button', { name: 'Publish the review' }));

    expect(await screen.findByText('Thank you: your review is published.')).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST contracts/c1/review')?.body).toEqual({ rating: 4, body: 'Clean work, on time.' });
    expect(screen.getByRole('heading', { name: 'Your review' })).toBeInTheDocument();
    expect(screen.getByLabelText('4 out of 5 stars')).toBeInTheDocument();
  });

  it('shows an open dispute with its deadlines and adds a message', async () => {
    const dispute = disputeFixture();
    const contract = { ...funded(contractFixture()), status: 'frozen' as const, frozen_reason: 'dispute' as const, dispute };
    const calls = renderContract(contract, {
      'POST disputes/d1/messages': ({ body }) => ({
        body: {
          ...dispute,
          messages: [{ id: 'x1', author: { name: 'Claire Client', role: 'client' }, body: body?.body, at: '2026-12-02T10:00:00.000Z' }],
        },
      }),
    });
    const panel = (await screen.findByRole('heading', { name: 'Dispute about milestone 1: Demolition' })).closest('section')!;
    expect(within(panel).getByText('Open: waiting for an answer')).toBeInTheDocument();
    expect(within(panel).getByText('Arbitration window').nextSibling).toHaveTextContent('Jan 12, 2027 to Mar 1, 2027');
    expect(screen.queryByRole('button', { name: 'Fund' })).not.toBeInTheDocument();
    await user.type(within(panel).getByLabelText('Your message'), 'The beam arrives on Monday.');
    await user.click(within(panel).getByRole('button', { name: 'Send the message' }));
    expect(await within(panel).findByText('The beam arrives on Monday.')).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST disputes/d1/messages')?.body).toEqual({ body: 'The beam arrives on Monday.' });
  });

  it('draws the funds held over time with a table of the same figures, and downloads the statement with the token', async () => {
    const contract = funded(contractFixture());
    const calls = fakeApi({
      'GET contracts/c1': () => ({ body: contract }),
      'GET contracts/c1/statement': () => ({
        body: statementFixture(contract, [
          {
            id: 'e1',
            at: '2026-11-21T10:00:00.000Z',
            kind: 'funding',
            milestone_position: 1,
            milestone_title: 'Demolition',
            amount: 106_500,
            balance: 106_500,
          },
        ]),
      }),
    });
    renderWithProviders(<ContractPage />, { url: '/main/escrow/c1', path: '/main/escrow/:id' });
    const chart = await screen.findByRole('img', { name: /Funds held over time/ });
    expect(chart).toHaveAccessibleName(expect.stringContaining('peaked at €1,065'));
    expect(screen.getByRole('cell', { name: 'Card payment into escrow' })).toBeInTheDocument();

    window.localStorage.setItem(STORAGE_KEYS.clientToken, 'token-1');
    const created = jest.fn(() => 'blob:statement');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
    const save = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(save).toHaveBeenCalled());
    expect(created).toHaveBeenCalled();
    const csv = calls.find((call) => call.search.get('format') === 'csv')!;
    expect(csv.key).toBe('GET contracts/c1/statement');
    expect(csv.headers.get('Authorization')).toBe('Bearer token-1');
  });
});
