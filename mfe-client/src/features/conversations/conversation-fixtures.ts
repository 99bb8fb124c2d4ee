import type { ConversationMessage, ConversationSummary, ConversationThread } from 'shared/contract';

// The owner (the signed-in reader in most tests) and the specialist they talk with.
export const owner = { id: 'u-client', name: 'Claire Client', role: 'client' as const };
export const specialist = { id: 'u-contractor', name: 'Conrad Contractor', role: 'specialist' as const };

export function messageFixture(overrides: Partial<ConversationMessage> = {}): ConversationMessage {
  return {
    id: 'm1',
    sender: specialist,
    body: 'Is the larder wall load-bearing?',
    attachments: [],
    created_at: '2026-11-20T09:00:00.000Z',
    edited_at: null,
    deleted: false,
    hidden: false,
    editable_until: null,
    pinned: false,
    reported: false,
    ...overrides,
  };
}

export function summaryFixture(overrides: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    id: 'k1',
    project: { id: 'p1', title: 'Kitchen renovation' },
    contract_id: null,
    participants: [
      { ...owner, read_up_to: null, barred: false },
      { ...specialist, read_up_to: null, barred: false },
    ],
    last_message: { sender_name: specialist.name, preview: 'Is the larder wall load-bearing?', created_at: '2026-11-20T09:00:00.000Z' },
    unread: 0,
    ...overrides,
  };
}

export function threadFixture(overrides: Partial<ConversationThread> = {}): ConversationThread {
  return {
    ...summaryFixture(),
    messages: [messageFixture()],
    has_earlier: false,
    can_write: true,
    write_blocked_reason: null,
    blocked_by_me: false,
    ...overrides,
  };
}
