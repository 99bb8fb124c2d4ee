import { useRef, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useMergedRef } from './merged-ref';
import './form-field.css';

export interface FileInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> {
  /** What the button says: "Choose files", "Add evidence". */
  buttonLabel: ReactNode;
  /** What is chosen, beside the button; nothing says "No file chosen" when a list below shows the files. */
  chosen?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A file field that looks like the product's buttons instead of the browser's
 * "Choose files / No file chosen". The real input lies over the button,
 * transparent, so a click, a screen reader, the field's label and a test's
 * `setInputFiles` all reach it; Enter opens the picker as Space does.
 */
export function FileInput({ buttonLabel, chosen, ref, onKeyDown, ...input }: FileInputProps) {
  const own = useRef<HTMLInputElement | null>(null);
  const attach = useMergedRef(own, ref);
  return (
    <span className={`ui-file${input.disabled ? ' ui-file--disabled' : ''}`}>
      <span className="ui-file__button">
        <input
          {...input}
          ref={attach}
          type="file"
          className="ui-file__input"
          onKeyDown={(event) => {
            onKeyDown?.(event);
            // Browsers open a file field on Space only; people press Enter on anything that looks like a button.
            if (event.key === 'Enter' && !event.defaultPrevented) {
              event.preventDefault();
              own.current?.click();
            }
          }}
        />
        <span className="ui-button ui-button--ghost" aria-hidden="true">
          {buttonLabel}
        </span>
      </span>
      {chosen && <span className="ui-file__chosen">{chosen}</span>}
    </span>
  );
}
