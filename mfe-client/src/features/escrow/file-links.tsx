import { useLingui } from '@lingui/react/macro';
import { notify } from 'shared/ui';
import { formatBytes } from '../common/chosen-files';
import { downloadDocument } from '../common/api/download-document';
import type { EscrowFile as FileView } from 'shared/contract';

/** Photos, reports and evidence: the files need the bearer token, so each link downloads through fetch. */
export function FileLinks({ files, label }: { files: FileView[]; label: string }) {
  const { t, i18n } = useLingui();
  if (files.length === 0) return null;
  const download = async (file: FileView) => {
    try {
      await downloadDocument(file.url, file.file_name);
    } catch {
      notify.error(t`The file could not be downloaded. Try again.`);
    }
  };
  return (
    <ul className="client-file-list escrow-file-links" aria-label={label}>
      {files.map((file) => (
        <li key={file.id}>
          <a
            className="client-file-list__name"
            href={file.url}
            download={file.file_name}
            onClick={(event) => {
              event.preventDefault();
              void download(file);
            }}
          >
            {file.file_name}
          </a>
          <span className="client-muted">{formatBytes(file.size_bytes, i18n.locale)}</span>
        </li>
      ))}
    </ul>
  );
}
