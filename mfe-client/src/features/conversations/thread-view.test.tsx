import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { clientUserAtom, STORAGE_KEYS } from 'shared/session';
import { fakeApi, renderWithProviders } from 'shared/testing';
import type { ConversationThread } from 'shared/contract';
import { FakeXhr, installFakeXhr } from '../../testing/fake-xhr';
import { notificationStreamLiveAtom } from 'shared/query';
import { MessagesPage } from './messages-page';
import { THREAD_FALLBACK_MS } from './thread-view';
import { messageFixture, owner, specialist, summaryFixture, threadFixture } from './conversation-fixtures';
import { messages as sharedFr } from '../../../../shared/src/locales/fr';
import { messages as clientFr } from '../../locales/fr';

const user = userEvent.setup({ applyAccept: false, delay: null });
const inAMinute = () => new Date(Date.now() + 60_000).toISOString();
const aMinuteAgo = () => new Date(Date.now() - 60_000).toISOString();

function renderThread(locale: 'en' | 'fr' = 'en') {
  const store = createStore();
  store.set(clientUserAtom, { id: owner.id, first_name: 'Claire', role: { name: 'client' } } as never);
  const messages = locale === 'fr' ? { ...sharedFr, ...clientFr } : undefined;
  return renderWithProviders(<MessagesPage />, {
    store,
    url: '/main/messages/k1',
    path: '/main/messages/:id',
    locale,
    ...(messages ? { messages } : {}),
  });
}

/** The thread answered from a variable the test changes, beside the list and the read receipt. */
function serve(initial: ConversationThread, extra: Parameters<typeof fakeApi>[0] = {}) {
  const state = { thread: initial };
  const calls = fakeApi({
    'GET conversations': () => ({ body: { data: [summaryFixture()], unread_total: 0 } }),
    'GET conversations/k1': () => ({ body: state.thread }),
    'POST conversations/k1/read': () => ({ status: 204 }),
    ...extra,
  });
  return { state, calls };
}

const thread = () => screen.getByRole('region', { name: 'Kitchen renovation' });
const composer = () => screen.getByRole('textbox', { name: 'Message' });

beforeEach(() => {
  window.localStorage.setItem(STORAGE_KEYS.clientToken, 'tok-1');
  installFakeXhr();
});
afterEach(() => {
  jest.restoreAllMocks();
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
});

describe('a conversation', () => {
  it('shows messages by day with their senders and roles, marks them read, and says which of mine was seen', async () => {
    const { calls } = serve(
      threadFixture({
        participants: [
          { ...owner, read_up_to: null, barred: false },
          { ...specialist, read_up_to: '2026-11-21T10:05:00.000Z', barred: false },
        ],
        messages: [
          messageFixture({ id: 'm1', created_at: '2026-11-20T09:00:00.000Z' }),
          messageFixture({ id: 'm2', sender: owner, body: 'Yes, it is.', created_at: '2026-11-21T10:00:00.000Z' }),
          messageFixture({ id: 'm3', body: 'Then I will quote for a steel beam.', created_at: '2026-11-21T10:06:00.000Z' }),
        ],
      }),
    );
    renderThread();
    const [first] = await screen.findAllByRole('article', { name: 'Message from Conrad Contractor' });
    expect(within(first!).getByText('Specialist')).toBeInTheDocument();
    const mine = screen.getByRole('article', { name: 'Message from Claire Client' });
    expect(within(mine).getByText('You')).toBeInTheDocument();
    expect(within(mine).getByText('Seen')).toBeInTheDocument();
    // Two days, two separators.
    expect(
      within(thread())
        .getAllByRole('listitem')
        .filter((item) => item.className === 'conversation-day'),
    ).toHaveLength(2);
    await waitFor(() => expect(calls.find((call) => call.key === 'POST conversations/k1/read')?.body).toEqual({ up_to: 'm3' }));
  });

  it('waits for a hidden tab to be seen again before saying the messages were read', async () => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    const { calls } = serve(threadFixture());
    renderThread();
    await screen.findByRole('article', { name: 'Message from Conrad Contractor' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.some((call) => call.key === 'POST conversations/k1/read')).toBe(false);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(calls.find((call) => call.key === 'POST conversations/k1/read')?.body).toEqual({ up_to: 'm1' }));
  });

  it('sends with Enter, keeps Shift+Enter for a new line, and shows the message once sent', async () => {
    const { state, calls } = serve(threadFixture(), {
      'POST conversations/k1/messages': ({ body }) => {
        state.thread = {
          ...state.thread,
          messages: [...state.thread.messages, messageFixture({ id: 'm2', sender: owner, body: String(body?.body) })],
        };
        return { status: 201, body: {} };
      },
    });
    renderThread();
    await screen.findByRole('article', { name: 'Message from Conrad Contractor' });
    await user.type(composer(), 'Yes.{Shift>}{Enter}{/Shift}It carries the floor above.');
    expect(composer()).toHaveValue('Yes.\nIt carries the floor above.');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('article', { name: 'Message from Claire Client' })).toHaveTextContent('Yes. It carries the floor above.');
    expect(calls.find((call) => call.key === 'POST conversations/k1/messages')?.body).toEqual({ body: 'Yes.\nIt carries the floor above.' });
    expect(composer()).toHaveValue('');
  });

  it('refuses an empty message without calling the server', async () => {
    const { calls } = serve(threadFixture());
    renderThread();
    await screen.findByRole('article', { name: 'Message from Conrad Contractor' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please write a message or attach a file.');
    expect(calls.some((call) => call.key === 'POST conversations/k1/messages')).toBe(false);
  });

  it('offers edit and delete only while the grace period lasts, and saves an edit', async () => {
    const { state, calls } = serve(
      threadFixture({
        messages: [
          messageFixture({ id: 'm1', sender: owner, body: 'Old and settled.', editable_until: aMinuteAgo() }),
          messageFixture({ id: 'm2', sender: owner, body: 'Just sent, with a typo.', editable_until: inAMinute() }),
        ],
      }),
      {
        'PATCH conversations/k1/messages/m2': ({ body }) => {
          const edited = messageFixture({
            id: 'm2',
            sender: owner,
            body: String(body?.body),
            edited_at: new Date().toISOString(),
            editable_until: inAMinute(),
          });
          state.thread = { ...state.thread, messages: [state.thread.messages[0]!, edited] };
          return { body: edited };
        },
      },
    );
    renderThread();
    const [settled, fresh] = await screen.findAllByRole('article', { name: 'Message from Claire Client' });
    expect(within(settled!).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(settled!).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(fresh!).getByRole('button', { name: 'Delete' })).toBeInTheDocument();

    await user.click(within(fresh!).getByRole('button', { name: 'Edit' }));
    const box = within(fresh!).getByRole('textbox', { name: 'Edit your message' });
    await user.clear(box);
    await user.click(within(fresh!).getByRole('button', { name: 'Save' }));
    expect(await within(fresh!).findByRole('alert')).toHaveTextContent('Please write a message or attach a file.');
    await user.type(box, 'Just sent, without a typo.');
    await user.click(within(fresh!).getByRole('button', { name: 'Save' }));
    expect(calls.find((call) => call.key === 'PATCH conversations/k1/messages/m2')?.body).toEqual({ body: 'Just sent, without a typo.' });
    await waitFor(() => expect(screen.getAllByRole('article')[1]).toHaveTextContent('Just sent, without a typo.'));
    expect(screen.getAllByRole('article')[1]).toHaveTextContent('edited');
  });

  it('deletes a fresh message after asking, and keeps it when the author changes their mind', async () => {
    const { state, calls } = serve(
      threadFixture({ messages: [messageFixture({ id: 'm2', sender: owner, body: 'Wrong thread, sorry.', editable_until: inAMinute() })] }),
      {
        'DELETE conversations/k1/messages/m2': () => {
          state.thread = { ...state.thread, messages: [messageFixture({ id: 'm2', sender: owner, body: '', deleted: true })] };
          return { status: 204 };
        },
      },
    );
    renderThread();
    const mine = await screen.findByRole('article', { name: 'Message from Claire Client' });
    await user.click(within(mine).getByRole('button', { name: 'Delete' }));
    await user.click(within(mine).getByRole('button', { name: 'Keep it' }));
    expect(calls.some((call) => call.key.startsWith('DELETE'))).toBe(false);
    await user.click(within(mine).getByRole('button', { name: 'Delete' }));
    await user.click(within(within(mine).getByRole('group', { name: 'Delete this message?' })).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('This message was deleted.')).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'DELETE conversations/k1/messages/m2')).toBe(true);
    expect(screen.queryByText('Wrong thread, sorry.')).not.toBeInTheDocument();
  });

  it('shows deleted and hidden messages as such, without their files or actions', async () => {
    serve(
      threadFixture({
        messages: [
          messageFixture({ id: 'm1', body: '', deleted: true }),
          messageFixture({
            id: 'm2',
            body: '',
            hidden: true,
            attachments: [{ id: 'a1', file_name: 'x.pdf', content_type: 'application/pdf', size_bytes: 10, download_url: '/x' }],
          }),
        ],
      }),
    );
    renderThread();
    expect(await screen.findByText('This message was deleted.')).toBeInTheDocument();
    expect(screen.getByText('This message was hidden by an admin.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download x.pdf' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report…' })).not.toBeInTheDocument();
  });

  it('puts the reason in place of the composer when the reader may not write', async () => {
    serve(threadFixture({ can_write: false, write_blocked_reason: 'Your account is suspended.' }));
    renderThread();
    expect((await screen.findByText(/You can read this conversation but not write in it\./)).closest('p')).toHaveTextContent(
      'Your account is suspended.',
    );
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  });

  it('refuses files the documents do not accept, and sends the others with progress', async () => {
    const { state } = serve(threadFixture());
    renderThread();
    await screen.findByRole('article', { name: 'Message from Conrad Contractor' });
    const input = screen.getByLabelText('Files to attach');
    await user.upload(input, [new File(['x'], 'notes.txt', { type: 'text/plain' }), new File(['x'], 'wall.jpg', { type: 'image/jpeg' })]);
    expect(screen.getByRole('alert')).toHaveTextContent('notes.txt: only PDF, PNG, JPEG, GIF and WebP files are accepted.');
    const big = new File(['x'], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    await user.upload(input, big);
    expect(screen.getByRole('alert')).toHaveTextContent('scan.pdf: a file may be at most 20 MB.');
    expect(within(screen.getByRole('list', { name: 'Files to send' })).getByText('wall.jpg')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    const xhr = FakeXhr.last!;
    expect(xhr.url).toMatch(/\/api\/v1\/conversations\/k1\/messages$/);
    expect((xhr.body?.getAll('attachments') as File[]).map((file) => file.name)).toEqual(['wall.jpg']);
    act(() => xhr.progress(30, 100));
    expect(screen.getByRole('progressbar', { name: 'Sending the files' })).toHaveAttribute('value', '30');
    const photo = {
      id: 'a1',
      file_name: 'wall.jpg',
      content_type: 'image/jpeg',
      size_bytes: 1,
      download_url: '/api/v1/conversations/k1/attachments/a1',
    };
    state.thread = {
      ...state.thread,
      messages: [...state.thread.messages, messageFixture({ id: 'm2', sender: owner, body: '', attachments: [photo] })],
    };
    act(() => xhr.answer(201, {}));
    expect(await screen.findByRole('button', { name: 'Download wall.jpg' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Files to send' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal of an attachment", async () => {
    serve(threadFixture());
    renderThread();
    await screen.findByRole('article', { name: 'Message from Conrad Contractor' });
    await user.upload(screen.getByLabelText('Files to attach'), new File(['x'], 'plan.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    act(() => FakeXhr.last!.answer(422, { message: 'Invalid', errors: { attachments: ['plan.pdf is not a readable PDF.'] } }));
    expect(await screen.findByRole('alert')).toHaveTextContent('plan.pdf is not a readable PDF.');
    // Nothing is lost: the file is still there to send again.
    expect(within(screen.getByRole('list', { name: 'Files to send' })).getByText('plan.pdf')).toBeInTheDocument();
  });

  it('reports a message with a reason, pins on a contract, and blocks the other party', async () => {
    const { state, calls } = serve(threadFixture({ contract_id: 'c1' }), {
      'POST conversations/k1/messages/m1/report': () => {
        state.thread = { ...state.thread, messages: [messageFixture({ reported: true })] };
        return { status: 204 };
      },
      'POST conversations/k1/messages/m1/pin': () => {
        state.thread = { ...state.thread, messages: [messageFixture({ reported: true, pinned: true })] };
        return { status: 204 };
      },
      'POST conversations/k1/block': () => {
        state.thread = { ...state.thread, blocked_by_me: true };
        return { status: 204 };
      },
    });
    renderThread();
    await user.click(await screen.findByRole('button', { name: 'Report…' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this message' });
    await user.click(within(dialog).getByRole('button', { name: 'Send the report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please say why.');
    await user.type(within(dialog).getByRole('textbox'), 'Asks to be paid outside the platform.');
    await user.click(within(dialog).getByRole('button', { name: 'Send the report' }));
    expect(calls.find((call) => call.key === 'POST conversations/k1/messages/m1/report')?.body).toEqual({
      reason: 'Asks to be paid outside the platform.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Reported')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pin as evidence' }));
    expect(await screen.findByText('Pinned as evidence')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unpin' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Block Conrad Contractor' }));
    expect(await screen.findByRole('button', { name: 'Unblock Conrad Contractor' })).toBeInTheDocument();
    expect(screen.getByText(/You blocked Conrad Contractor/)).toBeInTheDocument();
  });

  it('offers no pin before there is a contract, and loads earlier messages on demand', async () => {
    serve(threadFixture({ has_earlier: true }));
    // The page before m1 is answered by the same route, told apart by `before`.
    const fetchSpy = globalThis.fetch as jest.Mock;
    const answer = fetchSpy.getMockImplementation()!;
    fetchSpy.mockImplementation(async (input: RequestInfo, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname.endsWith('/conversations/k1') && url.searchParams.get('before') === 'm1') {
        return new Response(JSON.stringify(threadFixture({ messages: [messageFixture({ id: 'm0', body: 'Hello, I saw your request.' })] })), {
          headers: { 'Content-Type': 'application/json' },
        });
      }
      return answer(input, init);
    });
    renderThread();
    await screen.findByRole('article', { name: 'Message from Conrad Contractor' });
    expect(screen.queryByRole('button', { name: 'Pin as evidence' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    expect(await screen.findByText('Hello, I saw your request.')).toBeInTheDocument();
    const bodies = screen.getAllByRole('article').map((article) => article.textContent);
    expect(bodies[0]).toContain('Hello, I saw your request.');
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();
  });

  it('speaks French to a French reader, roles and refusals included', async () => {
    serve(threadFixture({ contract_id: 'c1' }));
    renderThread('fr');
    const message = await screen.findByRole('article', { name: 'Message de Conrad Contractor' });
    expect(within(message).getByText('Spécialiste')).toBeInTheDocument();
    expect(within(message).getByRole('button', { name: 'Épingler comme preuve' })).toBeInTheDocument();
    // A message is reported ("signaler"), not a report written ("rapport").
    expect(within(message).getByRole('button', { name: 'Signaler…' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Veuillez écrire un message ou joindre un fichier.');
    expect(screen.getByText(/Entrée envoie, Maj\+Entrée passe à la ligne/)).toBeInTheDocument();
    await user.click(within(message).getByRole('button', { name: 'Signaler…' }));
    const dialog = screen.getByRole('dialog', { name: 'Signaler ce message' });
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer le signalement' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Veuillez indiquer pourquoi.');
  });
});

describe('a conversation without the live stream', () => {
  afterEach(() => jest.useRealTimers());

  it('asks for new messages every half minute while the stream is down, and not while it is open', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const { calls } = serve(threadFixture());
    const threadReads = () => calls.filter((call) => call.key === 'GET conversations/k1').length;
    const { store } = renderThread();
    await screen.findByRole('article', { name: 'Message from Conrad Contractor' });
    expect(threadReads()).toBe(1);
    await act(async () => {
      jest.advanceTimersByTime(THREAD_FALLBACK_MS);
    });
    await waitFor(() => expect(threadReads()).toBe(2));

    act(() => store.set(notificationStreamLiveAtom, true));
    await act(async () => {
      jest.advanceTimersByTime(THREAD_FALLBACK_MS * 3);
    });
    expect(threadReads()).toBe(2);
  });
});
