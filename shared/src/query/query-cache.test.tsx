import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, send } from '../api/client';
import { renderWithProviders } from '../testing/render';
import { queryKeys } from './keys';

interface Milestone {
  id: string;
  status: 'pending' | 'funded';
}

const getMilestone = (id: string, signal?: AbortSignal) => send<Milestone>(api.get(`milestones/${id}`, { signal }));
const fundMilestone = (id: string) => send<Milestone>(api.post(`milestones/${id}/fund`, { json: {} }));

function MilestoneStatus({ id }: { id: string }) {
  const milestone = useQuery({ queryKey: queryKeys.contracts.detail(id), queryFn: ({ signal }) => getMilestone(id, signal) });
  return <p>{milestone.data ? `Milestone ${milestone.data.status}` : 'Loading…'}</p>;
}

function FundButton({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const fund = useMutation({
    mutationFn: () => fundMilestone(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.contracts.detail(id) }),
  });
  return (
    <button type="button" onClick={() => fund.mutate()}>
      Fund
    </button>
  );
}

/** A server holding one milestone; `hold` keeps GETs unanswered so a test can look at them in flight. */
function fakeServer({ hold = false } = {}) {
  let status: Milestone['status'] = 'pending';
  const gets: Request[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    if (request.method === 'POST') {
      status = 'funded';
      return json({ id: 'm1', status });
    }
    gets.push(request);
    if (hold) {
      return new Promise<Response>((_, reject) => {
        request.signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      });
    }
    return json({ id: 'm1', status });
  });
  return gets;
}

describe('the query cache', () => {
  it('shows a page opened again with what it had, then what changed elsewhere meanwhile', async () => {
    fakeServer();
    function Pages() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpen(!open)}>
            Switch page
          </button>
          {open ? <MilestoneStatus id="m1" /> : <p>Another page</p>}
        </>
      );
    }
    renderWithProviders(<Pages />);
    expect(await screen.findByText('Milestone pending')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Switch page' }));
    // Someone else (another device, the other party) changes it while this page is closed.
    await fundMilestone('m1');
    await userEvent.click(screen.getByRole('button', { name: 'Switch page' }));
    expect(await screen.findByText('Milestone funded')).toBeInTheDocument();
  });

  it('asks the server once when two components want the same answer', async () => {
    const gets = fakeServer();
    renderWithProviders(
      <>
        <MilestoneStatus id="m1" />
        <MilestoneStatus id="m1" />
      </>,
    );
    expect(await screen.findAllByText('Milestone pending')).toHaveLength(2);
    expect(gets).toHaveLength(1);
  });

  it('aborts the request when the component that asked is gone', async () => {
    const gets = fakeServer({ hold: true });
    const { unmount } = renderWithProviders(<MilestoneStatus id="m1" />);
    await waitFor(() => expect(gets).toHaveLength(1));
    expect(gets[0]!.signal.aborted).toBe(false);
    unmount();
    await waitFor(() => expect(gets[0]!.signal.aborted).toBe(true));
  });

  it('shows the new state after a mutation invalidates the answer', async () => {
    const gets = fakeServer();
    renderWithProviders(
      <>
        <MilestoneStatus id="m1" />
        <FundButton id="m1" />
      </>,
    );
    expect(await screen.findByText('Milestone pending')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Fund' }));
    expect(await screen.findByText('Milestone funded')).toBeInTheDocument();
    expect(gets).toHaveLength(2);
  });
});
