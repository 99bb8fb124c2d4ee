import type { AdminConversation, AdminConversationMessage, MessageReportList } from 'shared/contract';
import { CONTRACT_ID } from './escrow-fixtures';

export const CONVERSATION_ID = '66666666-6666-4666-8666-666666666666';

const client = { id: 'u-client', name: 'Awa Ndiaye', role: 'client' as const };
const specialist = { id: 'u-specialist', name: 'Paul Mbappe', role: 'specialist' as const };

export function messageFixture(overrides: Partial<AdminConversationMessage> = {}): AdminConversationMessage {
  return {
    id: 'm1',
    sender: client,
    body: 'Can the slab be poured before the rains?',
    attachments: [],
    created_at: '2026-01-10T09:00:00.000Z',
    edited_at: null,
    deleted: false,
    hidden: false,
    editable_until: null,
    pinned: false,
    reported: false,
    hidden_reason: null,
    reports: 0,
    ...overrides,
  };
}

/** A contract's conversation: an agreement pinned as evidence, a photo, and an abusive message an admin hid. */
export function conversationFixture(overrides: Partial<AdminConversation> = {}): AdminConversation {
  return {
    id: CONVERSATION_ID,
    project: { id: 'p1', title: 'Family house in Douala' },
    contract_id: CONTRACT_ID,
    participants: [
      { ...client, read_up_to: '2026-01-12T09:00:00.000Z', barred: false },
      { ...specialist, read_up_to: '2026-01-12T09:00:00.000Z', barred: false },
    ],
    last_message: null,
    unread: 0,
    messages: [
      messageFixture(),
      messageFixture({
        id: 'm2',
        sender: specialist,
        body: 'Yes, we agreed: the slab is poured on 1 February, at no extra cost.',
        created_at: '2026-01-11T09:00:00.000Z',
        pinned: true,
        attachments: [
          {
            id: 'a1',
            file_name: 'site.jpg',
            content_type: 'image/jpeg',
            size_bytes: 2048,
            download_url: `/api/v1/admin/conversations/${CONVERSATION_ID}/attachments/a1`,
          },
        ],
      }),
      messageFixture({
        id: 'm3',
        body: 'You are a thief.',
        created_at: '2026-01-12T09:00:00.000Z',
        hidden: true,
        hidden_reason: 'Insult',
        reports: 2,
      }),
    ],
    ...overrides,
  };
}

export function reportsFixture(): MessageReportList {
  return {
    data: [
      {
        id: 'r1',
        message: messageFixture({ id: 'm4', sender: specialist, body: 'Pay now or I take the tools.', reports: 1 }),
        conversation_id: CONVERSATION_ID,
        project_title: 'Family house in Douala',
        reported_by: { id: client.id, name: client.name },
        reason: 'Threatening',
        reported_at: '2026-01-13T09:00:00.000Z',
      },
    ],
  };
}
