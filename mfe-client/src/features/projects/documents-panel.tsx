import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { notify, SOMETHING_WENT_WRONG } from 'shared/ui';
import { formatBytes } from '../common/chosen-files';
import { DocumentPicker, UploadProgress } from '../common/document-picker';
import { deleteDocument } from './api/delete-document';
import { downloadDocument } from '../common/api/download-document';
import type { ProjectDocument } from 'shared/contract';
import { uploadDocuments } from '../common/api/upload-documents';
import { ConfirmBox } from './confirm-box';

interface DocumentsPanelProps {
  projectId: string;
  documents: ProjectDocument[];
  owner: boolean;
  onChange: (documents: ProjectDocument[]) => void;
}

/** The project's documents: everyone it is shared with downloads; the owner adds and removes. */
export function DocumentsPanel({ projectId, documents, owner, onChange }: DocumentsPanelProps) {
  const { t, i18n } = useLingui();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  const upload = async () => {
    setError(null);
    setProgress(0);
    try {
      onChange(await uploadDocuments(projectId, files, setProgress));
      setFiles([]);
      notify.success(t`The documents have been added.`);
    } catch (failure) {
      if (isApiError(failure) && failure.errors.documents?.[0]) setError(failure.errors.documents[0]);
      else notify.error(i18n._(SOMETHING_WENT_WRONG));
    } finally {
      setProgress(null);
    }
  };

  const remove = async (document: ProjectDocument) => {
    setDeleting(true);
    try {
      await deleteDocument(projectId, document.id);
      onChange(documents.filter((item) => item.id !== document.id));
      setConfirming(null);
      notify.success(t`${document.file_name} has been deleted.`);
    } catch {
      notify.error(i18n._(SOMETHING_WENT_WRONG));
    } finally {
      setDeleting(false);
    }
  };

  const download = async (document: ProjectDocument) => {
    try {
      await downloadDocument(document.download_url, document.file_name);
    } catch {
      notify.error(t`The document could not be downloaded. Try again.`);
    }
  };

  return (
    <section className="ui-card client-panel" aria-labelledby="client-documents-title">
      <h2 id="client-documents-title">
        <Trans>Documents</Trans>
      </h2>
      {documents.length === 0 ? (
        <p className="client-muted">
          <Trans>No documents yet.</Trans>
        </p>
      ) : (
        <ul className="client-file-list">
          {documents.map((document) => (
            <li key={document.id}>
              <a
                className="client-file-list__name"
                href={document.download_url}
                download={document.file_name}
                onClick={(event) => {
                  event.preventDefault();
                  void download(document);
                }}
              >
                {document.file_name}
              </a>
              <span className="client-muted">{formatBytes(document.size_bytes, i18n.locale)}</span>
              {owner &&
                (confirming === document.id ? (
                  <ConfirmBox
                    busy={deleting}
                    confirmLabel={<Trans>Delete</Trans>}
                    onConfirm={() => void remove(document)}
                    onCancel={() => setConfirming(null)}
                  >
                    <Trans>Delete {document.file_name}? Specialists will no longer see it.</Trans>
                  </ConfirmBox>
                ) : (
                  <button
                    type="button"
                    className="ui-button ui-button--ghost"
                    aria-label={t`Delete ${document.file_name}`}
                    onClick={() => setConfirming(document.id)}
                  >
                    <Trans>Delete</Trans>
                  </button>
                ))}
            </li>
          ))}
        </ul>
      )}
      {owner && (
        <div className="client-panel__section">
          <h3>
            <Trans>Add documents</Trans>
          </h3>
          <DocumentPicker files={files} onChange={setFiles} error={error} disabled={progress !== null} />
          {progress !== null && <UploadProgress fraction={progress} label={t`Uploading documents`} />}
          {files.length > 0 && (
            <button type="button" className="ui-button" disabled={progress !== null} onClick={() => void upload()}>
              <Trans>Upload</Trans>
            </button>
          )}
        </div>
      )}
    </section>
  );
}
