import { i18n } from '@lingui/core';
import { STORAGE_KEYS } from 'shared/session';

/**
 * The download needs the bearer token, which a plain link cannot send: fetch
 * the file, then hand the browser an object URL to save.
 */
export async function downloadDocument(url: string, fileName: string): Promise<void> {
  const token = window.localStorage.getItem(STORAGE_KEYS.clientToken);
  // The language too: a statement is written in it.
  const headers: Record<string, string> = { 'Accept-Language': i18n.locale || 'en' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(url, { headers, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Download failed: ${response.status}`);
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
