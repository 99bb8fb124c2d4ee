import { useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ChosenFiles } from '../common/chosen-files';
import { Field, FileInput } from 'shared/forms';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
export const REPORT_TYPES = ['application/pdf', ...IMAGE_TYPES];

interface FilePickerProps {
  label: ReactNode;
  hint: ReactNode;
  types: string[];
  maxFiles: number;
  maxBytes: number;
  files: File[];
  onChange: (files: File[]) => void;
  errors?: string[];
  disabled?: boolean;
  name: string;
}

/** Chooses files, refusing at once those of the wrong kind or size, and lists what will be sent. */
export function FilePicker({ label, hint, types, maxFiles, maxBytes, files, onChange, errors = [], disabled, name }: FilePickerProps) {
  const { t } = useLingui();
  const [refused, setRefused] = useState<string[]>([]);
  const megabytes = Math.round(maxBytes / (1024 * 1024));

  const add = (incoming: File[]) => {
    const problems: string[] = [];
    const accepted: File[] = [];
    for (const file of incoming) {
      if (!types.includes(file.type)) problems.push(t`${file.name}: this kind of file is not accepted.`);
      else if (file.size > maxBytes) problems.push(t`${file.name}: a file may be at most ${megabytes} MB.`);
      else accepted.push(file);
    }
    const next = maxFiles === 1 ? accepted.slice(-1) : [...files, ...accepted];
    if (next.length > maxFiles) problems.push(t`You can add at most ${maxFiles} files.`);
    setRefused(problems);
    onChange(next.slice(0, maxFiles));
  };

  return (
    <div className="escrow-files">
      <Field label={label} hint={hint} errors={[...refused, ...errors]} name={name}>
        {(control) => (
          <FileInput
            {...control}
            buttonLabel={maxFiles > 1 ? t`Choose files` : t`Choose a file`}
            name={name}
            accept={types.join(',')}
            multiple={maxFiles > 1}
            disabled={disabled}
            onChange={(event) => {
              add([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
        )}
      </Field>
      <ChosenFiles label={t`Chosen files`} files={files} onChange={onChange} disabled={disabled} />
    </div>
  );
}
