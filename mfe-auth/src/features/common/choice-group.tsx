import { useId, type ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import type { FieldBinding } from 'shared/forms';
import { translateMessage } from 'shared/schemas';

interface ChoiceGroupProps {
  binding: FieldBinding;
  legend: ReactNode;
  options: { value: string; label: ReactNode; description?: ReactNode }[];
  /** Cards with a description, or short chips two by two. */
  layout?: 'cards' | 'chips';
}

/** Radio buttons in a fieldset, drawn as selectable cards; same messages and wiring as the text fields. */
export function ChoiceGroup({ binding, legend, options, layout = 'cards' }: ChoiceGroupProps) {
  const { i18n } = useLingui();
  const id = useId();
  const errorId = binding.errors.length ? `${id}-error` : undefined;
  return (
    <fieldset className={`auth-choices auth-choices--${layout}`} role="radiogroup" aria-describedby={errorId} aria-invalid={Boolean(errorId)}>
      <legend className="auth-choices__legend">{legend}</legend>
      <div className="auth-choices__options">
        {options.map((option) => (
          <label key={option.value} className="auth-choice">
            <input
              type="radio"
              name={binding.name}
              value={option.value}
              checked={binding.value === option.value}
              onChange={() => binding.onChange(option.value)}
              onBlur={binding.onBlur}
            />
            <span className="auth-choice__body">
              <span className="auth-choice__label">{option.label}</span>
              {option.description && <span className="auth-choice__description">{option.description}</span>}
            </span>
          </label>
        ))}
      </div>
      {errorId && (
        <div id={errorId} className="ui-field__errors">
          {binding.errors.map((message) => (
            <p key={message} className="ui-field__error">
              {translateMessage(message, (descriptor) => i18n._(descriptor))}
            </p>
          ))}
        </div>
      )}
    </fieldset>
  );
}
