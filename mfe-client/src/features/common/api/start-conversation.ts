import * as v from 'valibot';
import { api, send } from 'shared/api';
import { ConversationThreadSchema, type ConversationThread } from 'shared/contract';

/**
 * `POST /projects/:id/conversations`: opens the conversation about a project,
 * or the one that exists already. The owner names the specialist; a specialist
 * sends nothing (it is theirs with the owner).
 */
export async function startConversation(projectId: string, specialistId?: string): Promise<ConversationThread> {
  const json = specialistId ? { specialist_id: specialistId } : {};
  return v.parse(ConversationThreadSchema, await send(api.post(`projects/${encodeURIComponent(projectId)}/conversations`, { json })));
}
