import { useId, type ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { translateMessage } from '../schemas/issue-messages';
import type { FieldBinding } from './use-form';
import './form-field.css';

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  errors: string[];
  children: (describedBy: string | undefined, invalid: boolean) => ReactNode;
}

/** Label, control, hint and messages, wired together for assistive technology. */
function FieldFrame({ id, label, hint, errors, children }: FieldFrameProps) {
  const { i18n } = useLingui();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors.length ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`ui-field${errors.length ? ' ui-field--invalid' : ''}`}>
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      {children(describedBy, errors.length > 0)}
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

export interface TextFieldProps {
  binding: FieldBinding;
  label: ReactNode;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  hint?: ReactNode;
  /** A control drawn inside the input's right edge (a show-password toggle). */
  trailing?: ReactNode;
  required?: boolean;
  inputMode?: 'text' | 'email' | 'tel';
}

export function TextField({ binding, label, type = 'text', autoComplete, hint, trailing, required, inputMode }: TextFieldProps) {
  const id = `${useId()}-${binding.name}`;
  return (
    <FieldFrame id={id} label={label} hint={hint} errors={binding.errors}>
      {(describedBy, invalid) => (
        <div className={`ui-field__control${trailing ? ' ui-field__control--trailing' : ''}`}>
          <input
            id={id}
            className="ui-field__input"
            name={binding.name}
            type={type}
            value={binding.value}
            autoComplete={autoComplete}
            inputMode={inputMode}
            aria-required={required || undefined}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(event) => binding.onChange(event.target.value)}
            onBlur={binding.onBlur}
          />
          {trailing}
        </div>
      )}
    </FieldFrame>
  );
}

export interface SelectFieldProps {
  binding: FieldBinding;
  label: ReactNode;
  options: { value: string; label: string }[];
  placeholder: string;
  autoComplete?: string;
  required?: boolean;
}

export function SelectField({ binding, label, options, placeholder, autoComplete, required }: SelectFieldProps) {
  const id = `${useId()}-${binding.name}`;
  return (
    <FieldFrame id={id} label={label} errors={binding.errors}>
      {(describedBy, invalid) => (
        <div className="ui-field__control">
          <select
            id={id}
            className="ui-field__input ui-field__select"
            name={binding.name}
            value={binding.value}
            autoComplete={autoComplete}
            aria-required={required || undefined}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(event) => binding.onChange(event.target.value)}
            onBlur={binding.onBlur}
          >
            <option value="">{placeholder}</option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      )}
    </FieldFrame>
  );
}

/** A message about the whole form, announced when it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div className="ui-form-alert" role="alert">
      {children}
    </div>
  );
}
