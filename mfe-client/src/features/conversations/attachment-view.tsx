import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { MessageAttachment } from 'shared/contract';
import { notify, SOMETHING_WENT_WRONG } from 'shared/ui';
import { STORAGE_KEYS } from 'shared/session';
import { formatBytes } from '../common/chosen-files';
import { downloadDocument } from '../common/api/download-document';

const isImage = (attachment: MessageAttachment) => attachment.content_type.startsWith('image/');

/**
 * A message's files: photos as thumbnails, PDFs as chips; either downloads
 * when pressed. The file needs the bearer token, which an <img src> cannot
 * send, so a thumbnail is fetched and shown from an object URL.
 */
export function AttachmentList({ attachments }: { attachments: MessageAttachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <ul className="conversation-attachments">
      {attachments.map((attachment) => (
        <li key={attachment.id}>{isImage(attachment) ? <Thumbnail attachment={attachment} /> : <FileChip attachment={attachment} />}</li>
      ))}
    </ul>
  );
}

function useDownload(attachment: MessageAttachment) {
  const { i18n } = useLingui();
  return () => void downloadDocument(attachment.download_url, attachment.file_name).catch(() => notify.error(i18n._(SOMETHING_WENT_WRONG)));
}

function FileChip({ attachment }: { attachment: MessageAttachment }) {
  const { t, i18n } = useLingui();
  const download = useDownload(attachment);
  return (
    <button type="button" className="conversation-file" onClick={download} aria-label={t`Download ${attachment.file_name}`}>
      <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" />
        <path d="M14 2v6h6" />
      </svg>
      <span className="conversation-file__name">{attachment.file_name}</span>
      <span className="conversation-file__size">{formatBytes(attachment.size_bytes, i18n.locale)}</span>
    </button>
  );
}

function Thumbnail({ attachment }: { attachment: MessageAttachment }) {
  const { t } = useLingui();
  const download = useDownload(attachment);
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const token = window.localStorage.getItem(STORAGE_KEYS.clientToken);
    fetch(attachment.download_url, { signal: controller.signal, headers: token ? { Authorization: `Bearer ${token}` } : {} })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (!blob || controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      // The chip's name stays in place of a picture that cannot be fetched.
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [attachment.download_url]);
  return (
    <button type="button" className="conversation-thumb" onClick={download} aria-label={t`Download ${attachment.file_name}`}>
      {src ? <img src={src} alt={attachment.file_name} /> : <span className="conversation-thumb__name">{attachment.file_name}</span>}
    </button>
  );
}
