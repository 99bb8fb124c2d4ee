import { useId, useRef, useState, type DragEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChosenFiles } from './chosen-files';

export const DOCUMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
export const DOCUMENTS_MAX = 10;

interface DocumentPickerProps {
  files: File[];
  onChange: (files: File[]) => void;
  error?: string | null;
  disabled?: boolean;
}

/** Drop files on the zone or choose them; each is checked for type and size before it is listed. */
export function DocumentPicker({ files, onChange, error, disabled }: DocumentPickerProps) {
  const { t } = useLingui();
  const inputRef = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [refused, setRefused] = useState<string[]>([]);
  const hintId = useId();

  const add = (incoming: File[]) => {
    const problems: string[] = [];
    const accepted: File[] = [];
    for (const file of incoming) {
      if (!DOCUMENT_TYPES.includes(file.type)) problems.push(t`${file.name}: only PDF, PNG, JPEG, GIF and WebP files are accepted.`);
      else if (file.size > DOCUMENT_MAX_BYTES) problems.push(t`${file.name}: a file may be at most 20 MB.`);
      else accepted.push(file);
    }
    const next = [...files, ...accepted];
    if (next.length > DOCUMENTS_MAX) problems.push(t`You can add at most ${DOCUMENTS_MAX} documents at once.`);
    setRefused(problems);
    onChange(next.slice(0, DOCUMENTS_MAX));
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) add([...event.dataTransfer.files]);
  };

  const messages = [...refused, ...(error ? [error] : [])];
  return (
    <div className="client-documents-picker">
      <div
        className={`client-dropzone${over ? ' client-dropzone--over' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <p>
          <Trans>Drop plans, photos or quotes here, or</Trans>{' '}
          <button
            type="button"
            className="ui-button ui-button--ghost"
            disabled={disabled}
            onClick={() => inputRef.current?.click()}
            aria-describedby={hintId}
          >
            <Trans>choose files</Trans>
          </button>
        </p>
        <p className="client-muted" id={hintId}>
          <Trans>PDF, PNG, JPEG, GIF or WebP, up to 20 MB each, 10 at most.</Trans>
        </p>
        <input
          ref={inputRef}
          type="file"
          multiple
          hidden
          accept={DOCUMENT_TYPES.join(',')}
          aria-label={t`Documents`}
          onChange={(event) => {
            add([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </div>
      {messages.length > 0 && (
        <div className="ui-field__errors" role="alert">
          {messages.map((message) => (
            <p key={message} className="ui-field__error">
              {message}
            </p>
          ))}
        </div>
      )}
      <ChosenFiles label={t`Chosen documents`} files={files} onChange={onChange} disabled={disabled} />
    </div>
  );
}

/** A progress bar with its percentage, announced politely. */
export function UploadProgress({ fraction, label }: { fraction: number; label: string }) {
  const percent = Math.round(fraction * 100);
  return (
    <div className="client-progress">
      <progress max={100} value={percent} aria-label={label} />
      <span aria-live="polite">{percent}%</span>
    </div>
  );
}
