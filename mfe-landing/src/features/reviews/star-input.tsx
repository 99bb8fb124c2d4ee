import { useLingui } from '@lingui/react/macro';
import { translateMessage } from 'shared/schemas';

interface StarInputProps {
  value: number;
  onChange: (value: number) => void;
  legend: string;
  errors?: string[];
  disabled?: boolean;
  name: string;
}

/** Five radio buttons drawn as stars: arrow keys move between them, as in any radio group. */
export function StarInput({ value, onChange, legend, errors = [], disabled, name }: StarInputProps) {
  const { t, i18n } = useLingui();
  const errorId = `${name}-error`;
  return (
    <fieldset className="review-stars" aria-invalid={errors.length > 0} aria-describedby={errors.length > 0 ? errorId : undefined}>
      <legend>{legend}</legend>
      <div className="review-stars__row">
        {[1, 2, 3, 4, 5].map((stars) => (
          <label key={stars} className={`review-star${stars <= value ? ' review-star--on' : ''}`}>
            <input
              className="ui-visually-hidden"
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              disabled={disabled}
              onChange={() => onChange(stars)}
            />
            <span aria-hidden="true">★</span>
            <span className="ui-visually-hidden">{stars === 1 ? t`1 star` : t`${stars} stars`}</span>
          </label>
        ))}
      </div>
      {errors.length > 0 && (
        <p className="ui-field__error" id={errorId}>
          {translateMessage(errors[0]!, (descriptor) => i18n._(descriptor))}
        </p>
      )}
    </fieldset>
  );
}
