import { Trans, useLingui } from '@lingui/react/macro';
import { notify, SOMETHING_WENT_WRONG } from 'shared/ui';
import { escrowCalls } from './api/escrow-api';
import type { EscrowFile as FileView } from 'shared/contract';
import { formatBytes } from './format';
import { saveBlob } from './save-blob';

/** Photos, reports and evidence of a contract, each downloaded with the admin token. */
export function ContractFiles({ contractId, files }: { contractId: string; files: FileView[] }) {
  const { t, i18n } = useLingui();
  const download = async (file: FileView) => {
    try {
      saveBlob(await escrowCalls.file(contractId, file.id), file.file_name);
    } catch {
      notify.error(t(SOMETHING_WENT_WRONG));
    }
  };
  return (
    <ul className="admin-evidence__list">
      {files.map((file) => (
        <li key={file.id}>
          <button type="button" className="admin-link-button" onClick={() => download(file)}>
            <span className="ui-visually-hidden">
              <Trans>Download</Trans>{' '}
            </span>
            {file.file_name}
          </button>{' '}
          <span className="admin-muted">({formatBytes(file.size_bytes, i18n.locale)})</span>
        </li>
      ))}
    </ul>
  );
}
