import { useCallback, useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import * as v from 'valibot';
import { useLingui } from '@lingui/react';
import { isApiError, type FieldErrors } from '../api';
import { fieldErrors } from '../schemas/issue-messages';
import { notify } from '../ui/notify';
import { SOMETHING_WENT_WRONG } from '../ui/generic-error';

type Values = Record<string, string>;

export interface UseFormOptions<TValues extends Values, TOutput> {
  initialValues: TValues;
  schema: v.GenericSchema<unknown, TOutput>;
  /** Shapes the field values into what the schema reads (an unused choice left out). */
  toInput?: (values: TValues) => unknown;
  /**
   * A failure the form does not handle itself (anything but a 422 with field
   * errors). Return true when handled; otherwise "Something went wrong" is shown.
   */
  onError?: (error: unknown) => boolean | void;
}

export interface FieldBinding {
  name: string;
  value: string;
  /** Untranslated messages: schema issues in English, or the server's already translated text. */
  errors: string[];
  onChange: (value: string) => void;
  onBlur: () => void;
}

export interface FormApi<TValues extends Values, TOutput> {
  values: TValues;
  errors: FieldErrors;
  submitting: boolean;
  /** A message for the whole form (a refused sign-in), shown above the fields. */
  formError: string | null;
  setFormError: (message: string | null) => void;
  setValue: <K extends keyof TValues & string>(name: K, value: string) => void;
  field: (name: keyof TValues & string) => FieldBinding;
  /** Validates the named fields only (a step of a longer form); true when they are valid. */
  validateFields: (names: (keyof TValues & string)[]) => boolean;
  setServerErrors: (errors: FieldErrors) => void;
  handleSubmit: (onValid: (output: TOutput) => Promise<void> | void) => (event?: FormEvent) => Promise<void>;
  /** Attach to the <form>: after a failed check, focus goes to its first field in error. */
  formRef: RefObject<HTMLFormElement | null>;
}

function errorsFor<TValues extends Values>(options: UseFormOptions<TValues, unknown>, values: TValues): FieldErrors {
  const result = v.safeParse(options.schema, options.toInput ? options.toInput(values) : values);
  return result.success ? {} : fieldErrors(result.issues);
}

/** Moves focus to the first field in error so keyboard and screen-reader users land on it. */
function focusFirstInvalid(form: HTMLFormElement | null) {
  // A choice group marks the group invalid; its first option takes the focus.
  const target = form?.querySelector<HTMLElement>(
    ':is(input, select, textarea)[aria-invalid="true"], [role="radiogroup"][aria-invalid="true"] input',
  );
  target?.focus();
}

/**
 * Controlled form state checked with a valibot schema: a field is checked when
 * it loses focus (and again on each change once it shows a message), every
 * field on submit; a 422 answer's field errors land on the same fields.
 */
export function useForm<TValues extends Values, TOutput>(
  options: UseFormOptions<TValues, TOutput>,
): FormApi<TValues, TOutput> {
  const { i18n } = useLingui();
  const [values, setValues] = useState<TValues>(options.initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement | null>(null);
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const optionsRef = useRef(options);
  optionsRef.current = options;
  // Server messages and the value they were about: they stay until that value changes.
  const serverErrorsRef = useRef(new Map<string, { value: string; messages: string[] }>());
  // Bumped with the errors, so focus moves once the fields in error are drawn.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest) focusFirstInvalid(formRef.current);
  }, [focusRequest]);

  const merge = (name: string, clientMessages: string[] | undefined, value: string): string[] | undefined => {
    const server = serverErrorsRef.current.get(name);
    if (server && server.value !== value) serverErrorsRef.current.delete(name);
    if (clientMessages) return clientMessages;
    return server && server.value === value ? server.messages : undefined;
  };

  const checkField = useCallback((name: string, current: Values) => {
    const all = errorsFor(optionsRef.current, current as TValues);
    const messages = merge(name, all[name], current[name] ?? '');
    setErrors((previous) => {
      const next = { ...previous };
      if (messages) next[name] = messages;
      else delete next[name];
      return next;
    });
  }, []);

  const setValue = useCallback(
    (name: string, value: string) => {
      const next = { ...valuesRef.current, [name]: value } as TValues;
      valuesRef.current = next;
      setValues(next);
      setErrors((previous) => {
        if (!previous[name]) return previous;
        // Re-check a field already in error as the user fixes it.
        const messages = merge(name, errorsFor(optionsRef.current, next)[name], value);
        const updated = { ...previous };
        if (messages) updated[name] = messages;
        else delete updated[name];
        return updated;
      });
    },
    [],
  );

  const field = (name: string): FieldBinding => ({
    name,
    value: values[name] ?? '',
    errors: errors[name] ?? [],
    onChange: (value) => setValue(name, value),
    onBlur: () => checkField(name, valuesRef.current),
  });

  const validateFields = (names: string[]) => {
    const all = errorsFor(options, valuesRef.current);
    const found = new Map(names.map((name) => [name, merge(name, all[name], valuesRef.current[name] ?? '')]));
    setErrors((previous) => {
      const next = { ...previous };
      for (const [name, messages] of found) {
        if (messages) next[name] = messages;
        else delete next[name];
      }
      return next;
    });
    const valid = [...found.values()].every((messages) => !messages);
    if (!valid) setFocusRequest((count) => count + 1);
    return valid;
  };

  const setServerErrors = (serverErrors: FieldErrors) => {
    for (const [name, messages] of Object.entries(serverErrors)) {
      serverErrorsRef.current.set(name, { value: valuesRef.current[name] ?? '', messages });
    }
    setErrors((previous) => ({ ...previous, ...serverErrors }));
    setFocusRequest((count) => count + 1);
  };

  const handleSubmit = (onValid: (output: TOutput) => Promise<void> | void) => async (event?: FormEvent) => {
    event?.preventDefault();
    if (submitting) return;
    setFormError(null);
    const result = v.safeParse(options.schema, options.toInput ? options.toInput(valuesRef.current) : valuesRef.current);
    if (!result.success) {
      setErrors(fieldErrors(result.issues));
      setFocusRequest((count) => count + 1);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await onValid(result.output);
    } catch (error) {
      const known = Object.keys(valuesRef.current);
      if (isApiError(error) && error.status === 422 && Object.keys(error.errors).some((name) => known.includes(name))) {
        setServerErrors(error.errors);
      } else if (!optionsRef.current.onError?.(error)) {
        notify.error(i18n._(SOMETHING_WENT_WRONG));
      }
    } finally {
      setSubmitting(false);
    }
  };

  return {
    values,
    errors,
    submitting,
    formError,
    setFormError,
    setValue,
    field,
    validateFields,
    setServerErrors,
    handleSubmit,
    formRef,
  };
}
