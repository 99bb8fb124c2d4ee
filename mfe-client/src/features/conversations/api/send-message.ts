import { api, send, uploadForm } from 'shared/api';

/**
 * `POST /conversations/:id/messages`: JSON for text alone; multipart with
 * the `attachments` files otherwise, through the upload that reports progress.
 * The thread is read again afterwards, so the answer is not kept.
 */
export async function sendMessage(conversationId: string, body: string, files: File[], onProgress: (fraction: number) => void): Promise<void> {
  const path = `conversations/${encodeURIComponent(conversationId)}/messages`;
  if (files.length === 0) {
    await send(api.post(path, { json: { body } }));
    return;
  }
  const form = new FormData();
  form.append('body', body);
  for (const file of files) form.append('attachments', file, file.name);
  await uploadForm({ path, body: form, onProgress });
}
