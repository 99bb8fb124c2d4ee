// The shared client always sends a JSON content type, and the API refuses that with an empty body, hence `json: {}`.
import { api, send } from 'shared/api';

/** `DELETE /projects/:id/documents/:documentId` (owner only). */
export async function deleteDocument(projectId: string, documentId: string): Promise<void> {
  await send<void>(api.delete(`projects/${encodeURIComponent(projectId)}/documents/${encodeURIComponent(documentId)}`, { json: {} }));
}
