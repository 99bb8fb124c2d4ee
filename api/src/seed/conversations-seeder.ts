import type { Seeder } from './run-seeds';

const TITLE = 'Bathroom refit in Akwa';

/** The demo contract's conversation: minutes ago, newest last; the client has not read the contractor's latest. */
const MESSAGES: { from: 'client' | 'contractor' | 'expert'; minutesAgo: number; body: string }[] = [
  { from: 'client', minutesAgo: 2880, body: 'Hello Conrad, before you start: can the shower have a glass screen instead of a curtain?' },
  { from: 'contractor', minutesAgo: 2850, body: 'Yes, a fixed glass screen of 90 cm fits. It is included in the second milestone at no extra cost.' },
  { from: 'client', minutesAgo: 2840, body: 'Perfect, agreed. Please send photos once the tiling is done.' },
  { from: 'expert', minutesAgo: 1440, body: 'I inspected the plumbing on site today: the pipes and the slope of the drain are fine.' },
  { from: 'contractor', minutesAgo: 30, body: 'Tiling finished on the walls; the floor is next. Photos tomorrow morning.' },
];

/**
 * A conversation on the demo contract between the demo client, the demo
 * contractor and the demo expert, so the messages screens show a real thread
 * on a fresh start. Runs after the escrow seeder, which makes the contract.
 */
export const conversationsSeeder: Seeder = {
  name: 'conversations',
  async run(db) {
    const { rows } = await db.query<{ project_id: string; client_id: string; contractor_id: string; expert_id: string | null }>(
      `SELECT ct.project_id, ct.client_id, ct.contractor_id, ct.expert_id FROM contracts ct JOIN projects p ON p.id = ct.project_id
        JOIN users u ON u.id = ct.client_id
        WHERE p.title = $1 AND u.email = 'client@demo.fundament.example'`,
      [TITLE],
    );
    const contract = rows[0];
    if (!contract?.expert_id) return;
    await db.transaction(async (tx) => {
      const { rows: created } = await tx.query<{ id: string }>(
        `INSERT INTO conversations (project_id, specialist_id, started_by) VALUES ($1, $2, $3)
         ON CONFLICT (project_id, specialist_id) DO NOTHING RETURNING id`,
        [contract.project_id, contract.contractor_id, contract.client_id],
      );
      const id = created[0]?.id;
      if (!id) return;
      const sender = { client: contract.client_id, contractor: contract.contractor_id, expert: contract.expert_id! };
      for (const message of MESSAGES) {
        await tx.query(
          `INSERT INTO conversation_messages (conversation_id, sender_id, body, created_at) VALUES ($1, $2, $3, now() - make_interval(mins => $4))`,
          [id, sender[message.from], message.body, message.minutesAgo],
        );
      }
      await tx.query(
        'UPDATE conversations SET last_message_at = (SELECT max(created_at) FROM conversation_messages WHERE conversation_id = $1) WHERE id = $1',
        [id],
      );
      // Everyone has read up to their own latest message, and the digest has already told them of the rest.
      await tx.query(
        `INSERT INTO conversation_reads (conversation_id, user_id, read_up_to, digested_up_to)
         SELECT $1, m.sender_id, max(m.created_at), (SELECT last_message_at FROM conversations WHERE id = $1)
           FROM conversation_messages m WHERE m.conversation_id = $1 GROUP BY m.sender_id`,
        [id],
      );
      // The client has read everything but the contractor's latest news.
      await tx.query(
        `UPDATE conversation_reads SET read_up_to = (
           SELECT created_at FROM conversation_messages WHERE conversation_id = $1 ORDER BY created_at DESC OFFSET 1 LIMIT 1)
          WHERE conversation_id = $1 AND user_id = $2`,
        [id, contract.client_id],
      );
      // The demo client's agreement on the glass screen is pinned as evidence.
      await tx.query(
        `INSERT INTO conversation_pins (message_id, user_id)
         SELECT id, $2 FROM conversation_messages WHERE conversation_id = $1 AND body LIKE 'Yes, a fixed glass screen%'`,
        [id, contract.client_id],
      );
    });
  },
};
