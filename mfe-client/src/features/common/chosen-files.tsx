import { Trans, useLingui } from '@lingui/react/macro';
import { numberFormat } from 'shared/i18n';

/** A file size in the reader's language: 820 kB, 3.4 MB. */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['byte', 'kilobyte', 'megabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // Bytes are written out, so they take the plural ("125 bytes", "125 octets"): the short form stays "byte" in English.
  const display = unit === 0 ? 'long' : 'short';
  return numberFormat(locale, { style: 'unit', unit: units[unit], unitDisplay: display, maximumFractionDigits: 1 }).format(value);
}

interface ChosenFilesProps {
  label: string;
  files: File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
}

/** The files picked for an upload, each with its size and a button to take it out again. */
export function ChosenFiles({ label, files, onChange, disabled }: ChosenFilesProps) {
  const { t, i18n } = useLingui();
  if (files.length === 0) return null;
  return (
    <ul className="client-file-list" aria-label={label}>
      {files.map((file, index) => (
        <li key={`${file.name}-${index}`}>
          <span className="client-file-list__name">{file.name}</span>
          <span className="client-muted">{formatBytes(file.size, i18n.locale)}</span>
          <button
            type="button"
            className="ui-button ui-button--ghost"
            disabled={disabled}
            aria-label={t`Remove ${file.name}`}
            onClick={() => onChange(files.filter((_, at) => at !== index))}
          >
            <Trans>Remove</Trans>
          </button>
        </li>
      ))}
    </ul>
  );
}
