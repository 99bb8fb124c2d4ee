import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Field } from 'shared/forms';

interface TextAreaFieldProps {
  label: ReactNode;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  errors?: string[];
  hint?: ReactNode;
  maxLength: number;
  disabled?: boolean;
  required?: boolean;
  rows?: number;
}

/** A labelled text area with a running count against its limit. */
export function TextAreaField({
  label,
  name,
  value,
  onChange,
  onBlur,
  errors,
  hint,
  maxLength,
  disabled,
  required = true,
  rows = 4,
}: TextAreaFieldProps) {
  const { t } = useLingui();
  const used = value.length;
  return (
    <Field
      label={label}
      name={name}
      errors={errors}
      hint={
        <>
          {hint}
          {hint ? ' ' : null}
          <span className="escrow-count">{t`${used} / ${maxLength} characters`}</span>
        </>
      }
    >
      {(control) => (
        <textarea
          {...control}
          className="ui-field__input client-textarea"
          name={name}
          rows={rows}
          value={value}
          disabled={disabled}
          aria-required={required || undefined}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      )}
    </Field>
  );
}
