import { Trans } from '@lingui/react/macro';
import type { ProjectDocument } from 'shared/contract';
import { DocumentPicker } from '../../common/document-picker';

interface DocumentsStepProps {
  files: File[];
  onChange: (files: File[]) => void;
  savedDocuments: ProjectDocument[];
  error: string | null;
  disabled: boolean;
}

/** Step 3: documents for the specialists, those a draft already holds listed first. */
export function DocumentsStep({ files, onChange, savedDocuments, error, disabled }: DocumentsStepProps) {
  return (
    <>
      <p>
        <Trans>Plans, photos of the current state or an architect's drawings help specialists quote accurately. You can also add them later.</Trans>
      </p>
      {savedDocuments.length > 0 && (
        <div className="client-note">
          <p>
            <Trans>Already saved with the draft:</Trans>
          </p>
          <ul>
            {savedDocuments.map((document) => (
              <li key={document.id}>{document.file_name}</li>
            ))}
          </ul>
        </div>
      )}
      <DocumentPicker files={files} onChange={onChange} error={error} disabled={disabled} />
    </>
  );
}
