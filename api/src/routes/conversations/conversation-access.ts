import type { FastifyRequest } from 'fastify';
import type { MessageDescriptor } from '@lingui/core';
import type { ParticipantRole } from 'shared/contract';
import { CONVERSATION_API_MESSAGES as CM } from 'shared/messages';
import type { Queryable } from '../../db/database';
import { isBarred } from '../../marketplace/project-access';
import { HttpError } from '../../plugins/error-handler';
import { UUID } from '../projects/project-guards';

/** A conversation with what decides who takes part: the project's owner, the specialist, the contract and its expert. */
export interface ConversationRow {
  id: string;
  project_id: string;
  specialist_id: string;
  created_at: Date | string;
  last_message_at: Date | string | null;
  owner_id: string;
  project_title: string;
  contract_id: string | null;
  expert_id: string | null;
}

/**
 * The contract a conversation continues on: the one of its project with its
 * specialist as contractor (the newest, should there ever be two).
 */
const CONTRACT_LATERAL = `LEFT JOIN LATERAL (
    SELECT ct.id, ct.expert_id FROM contracts ct
     WHERE ct.project_id = c.project_id AND ct.contractor_id = c.specialist_id
     ORDER BY ct.created_at DESC LIMIT 1
  ) ct ON true`;

export const CONVERSATION_SELECT = `SELECT c.id, c.project_id, c.specialist_id, c.created_at, c.last_message_at,
       p.owner_id, p.title AS project_title, ct.id AS contract_id, ct.expert_id
  FROM conversations c JOIN projects p ON p.id = c.project_id
  ${CONTRACT_LATERAL}`;

/** SQL condition on the aliases of CONVERSATION_SELECT: the user (`param`) takes part in the conversation. */
export const participantSql = (param: string) => `(p.owner_id = ${param} OR c.specialist_id = ${param} OR ct.expert_id = ${param})`;

/**
 * Ids of the conversations a user (`param`) takes part in, as a subquery: the
 * specialist's, the owner's projects', and the contracts they inspect, each
 * found by an index, then checked against the contract the conversation
 * continues on (an expert of an earlier contract no longer takes part).
 */
export const myConversationsSql = (param: string) => `SELECT c.id FROM conversations c JOIN projects p ON p.id = c.project_id ${CONTRACT_LATERAL}
  WHERE c.id IN (
    SELECT sc.id FROM conversations sc WHERE sc.specialist_id = ${param}
    UNION ALL
    SELECT oc.id FROM projects op JOIN conversations oc ON oc.project_id = op.id WHERE op.owner_id = ${param}
    UNION ALL
    SELECT ec.id FROM contracts ex JOIN conversations ec ON ec.project_id = ex.project_id AND ec.specialist_id = ex.contractor_id WHERE ex.expert_id = ${param}
  ) AND ${participantSql(param)}`;

/** How the user takes part in the conversation, or undefined when they do not. */
export function roleOf(conversation: ConversationRow, userId: string): ParticipantRole | undefined {
  if (conversation.owner_id === userId) return 'client';
  if (conversation.specialist_id === userId) return 'specialist';
  // The expert joins only once the conversation continues on the contract they inspect.
  if (conversation.expert_id === userId) return 'expert';
  return undefined;
}

export async function findConversation(db: Queryable, id: string): Promise<ConversationRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const { rows } = await db.query<ConversationRow>(`${CONVERSATION_SELECT} WHERE c.id = $1`, [id]);
  return rows[0];
}

export const conversationNotFound = (request: FastifyRequest) => new HttpError(404, request.t(CM.conversationNotFound));

/** The conversation and the reader's part in it; anyone who takes no part hears 404, so ids cannot be probed. */
export async function loadConversation(db: Queryable, request: FastifyRequest, id: string) {
  const conversation = await findConversation(db, id);
  const role = conversation ? roleOf(conversation, request.user!.id) : undefined;
  if (!conversation || !role) throw conversationNotFound(request);
  return { conversation, role };
}

/** The party on the other side of a block: the specialist for the client and the client for the specialist. */
export function otherParty(conversation: ConversationRow, role: ParticipantRole): string | undefined {
  if (role === 'client') return conversation.specialist_id;
  if (role === 'specialist') return conversation.owner_id;
  return undefined;
}

/**
 * Why the user may not write in the conversation now, or undefined when they
 * may: a barred account reads only; without a contract, a block between the
 * client and the specialist closes the thread. A contract's conversation is
 * its record and stays open whatever the parties block.
 */
export async function writeRefusal(
  db: Queryable,
  conversation: ConversationRow,
  userId: string,
  role: ParticipantRole,
): Promise<MessageDescriptor | undefined> {
  if (await isBarred(db, userId)) return CM.barred;
  const other = otherParty(conversation, role);
  if (conversation.contract_id || !other) return undefined;
  const { rows } = await db.query<{ blocker_id: string }>(
    'SELECT blocker_id FROM user_blocks WHERE (blocker_id = $1 AND blocked_id = $2) OR (blocker_id = $2 AND blocked_id = $1)',
    [userId, other],
  );
  if (rows.some((row) => row.blocker_id === other)) return CM.blockedByOther;
  if (rows.length > 0) return CM.blockedByMe;
  return undefined;
}

/** Throws 403 with the reason when the user may not write in the conversation now. */
export async function requireWriter(db: Queryable, request: FastifyRequest, conversation: ConversationRow, role: ParticipantRole): Promise<void> {
  const refusal = await writeRefusal(db, conversation, request.user!.id, role);
  if (refusal) throw new HttpError(403, request.t(refusal));
}
