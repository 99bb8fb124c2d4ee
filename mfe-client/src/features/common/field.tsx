import 'shared/forms';
import { useId, type ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { translateMessage } from 'shared/schemas';

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** Schema messages (translated here) or the server's already translated ones. */
  errors?: string[];
  children: (control: FieldControlProps) => ReactNode;
}

/** A label, any control, a hint and its messages, wired for assistive technology (same look as shared/forms). */
export function Field({ label, hint, errors = [], children }: FieldProps) {
  const { i18n } = useLingui();
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors.length ? `${id}-error` : undefined;
  return (
    <div className={`ui-field${errors.length ? ' ui-field--invalid' : ''}`}>
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="ui-field__control">
        {children({ id, 'aria-invalid': errors.length > 0, 'aria-describedby': [errorId, hintId].filter(Boolean).join(' ') || undefined })}
      </div>
      {hint && (
        <p className="ui-field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {errorId && (
        <div className="ui-field__errors" id={errorId}>
          {errors.map((message) => (
            <p key={message} className="ui-field__error">
              {translateMessage(message, (descriptor) => i18n._(descriptor))}
            </p>
          ))}
        </div>
      )}
    </div>
  );
}
