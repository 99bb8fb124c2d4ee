import * as v from 'valibot';
import { adminApi, send, toApiError } from 'shared/api';
import { AdminConversationSchema, MessageReportListSchema, type AdminConversation, type MessageReportList } from 'shared/contract';

const encode = encodeURIComponent;

/**
 * An attachment's `download_url` is an API path (`/api/v1/…`): it is fetched with
 * the admin token, so the prefix the client adds itself is taken off.
 */
export function apiPathOf(url: string): string {
  return url.replace(/^(https?:\/\/[^/]+)?\/?api\/v1\//, '').replace(/^\//, '');
}

/** The conversations as the back office reads them: whole threads, hidden bodies included, and the reports on them. */
export const conversationCalls = {
  conversation: async (id: string, signal?: AbortSignal): Promise<AdminConversation> =>
    v.parse(AdminConversationSchema, await send(adminApi.get(`admin/conversations/${encode(id)}`, { signal }))),

  /** The conversation a contract continues, for the dispute view: no message yet is an empty thread, not an error. */
  ofContract: async (contractId: string, signal?: AbortSignal): Promise<AdminConversation> =>
    v.parse(AdminConversationSchema, await send(adminApi.get(`admin/contracts/${encode(contractId)}/conversation`, { signal }))),

  reports: async (signal?: AbortSignal): Promise<MessageReportList> =>
    v.parse(MessageReportListSchema, await send(adminApi.get('admin/message-reports', { signal }))),

  /** Hides an abusive message from the parties; its body stays readable here and the reason goes to the audit trail. */
  hide: (messageId: string, reason: string) => send<unknown>(adminApi.post(`admin/messages/${encode(messageId)}/hide`, { json: { reason } })),

  /** Closes a report without hiding the message. */
  dismiss: (reportId: string) => send<unknown>(adminApi.post(`admin/message-reports/${encode(reportId)}/dismiss`, { json: {} })),

  attachment: async (downloadUrl: string): Promise<Blob> => {
    try {
      const response = await adminApi.get(apiPathOf(downloadUrl));
      return await response.blob();
    } catch (error) {
      throw await toApiError(error);
    }
  },
};
