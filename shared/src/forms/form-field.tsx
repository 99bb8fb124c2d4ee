import { useId, type ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { translateMessage } from '../schemas/issue-messages';
import type { FieldBinding } from './use-form';
import './form-field.css';

/** What a control needs to be tied to its label, hint and messages. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** Schema messages (translated here) or the server's already translated ones. */
  errors?: string[];
  /** Extra class of the box around the control (e.g. room for a trailing button). */
  controlClassName?: string;
  /** Part of the control's id, for readable ids in tests and tools. */
  name?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** A label, any control, a hint and its messages, wired together for assistive technology. */
export function Field({ label, hint, errors = [], controlClassName, name, children }: FieldProps) {
  const { i18n } = useLingui();
  const id = `${useId()}${name ? `-${name}` : ''}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors.length ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`ui-field${errors.length ? ' ui-field--invalid' : ''}`}>
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <div className={`ui-field__control${controlClassName ? ` ${controlClassName}` : ''}`}>
        {children({ id, 'aria-invalid': errors.length > 0, 'aria-describedby': describedBy })}
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

export interface TextFieldProps {
  binding: FieldBinding;
  label: ReactNode;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  hint?: ReactNode;
  /** A control drawn inside the input's right edge (a show-password toggle). */
  trailing?: ReactNode;
  required?: boolean;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
}

export function TextField({ binding, label, type = 'text', autoComplete, hint, trailing, required, inputMode }: TextFieldProps) {
  return (
    <Field
      label={label}
      hint={hint}
      errors={binding.errors}
      name={binding.name}
      controlClassName={trailing ? 'ui-field__control--trailing' : undefined}
    >
      {(control) => (
        <>
          <input
            {...control}
            className="ui-field__input"
            name={binding.name}
            type={type}
            value={binding.value}
            autoComplete={autoComplete}
            inputMode={inputMode}
            aria-required={required || undefined}
            onChange={(event) => binding.onChange(event.target.value)}
            onBlur={binding.onBlur}
          />
          {trailing}
        </>
      )}
    </Field>
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
  return (
    <Field label={label} errors={binding.errors} name={binding.name}>
      {(control) => (
        <select
          {...control}
          className="ui-field__input ui-field__select"
          name={binding.name}
          value={binding.value}
          autoComplete={autoComplete}
          aria-required={required || undefined}
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
      )}
    </Field>
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
