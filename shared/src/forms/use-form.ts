/*
 * Why a hand-written hook rather than react-hook-form + @hookform/resolvers:
 * minified and gzipped, react-hook-form 7.54 is 11.0 kB and its valibot
 * resolver another 0.9 kB, where this hook with lists and typed values is
 * 1.8 kB (1.1 kB when it held text only). Every remote's forms share it, the
 * page budgets are tight, and the behaviour the screens rely on (server 422
 * messages that stay until their value changes, focus on the first field in
 * error, messages translated from the schema's descriptors) would have to be
 * written around react-hook-form anyway. Values are controlled React state,
 * read by the schema as a whole: plain objects, no registration of DOM
 * inputs. The shell and the landing page do not import it, so `/` does not
 * load it.
 */
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import * as v from 'valibot';
import { useLingui } from '@lingui/react';
import { isApiError, type FieldErrors } from '../api';
import { fieldErrors } from '../schemas/issue-messages';
import { notify } from '../ui/notify';
import { SOMETHING_WENT_WRONG } from '../ui/generic-error';

/** Any value a form holds: text, numbers, booleans, string lists, lists of rows, files. */
export type FormValues = Record<string, unknown>;

/** The names of the fields holding a list. */
export type ListName<TValues> = {
  [K in keyof TValues & string]: TValues[K] extends readonly unknown[] ? K : never;
}[keyof TValues & string];

type RowOf<T> = T extends readonly (infer R)[] ? R : never;

export interface UseFormOptions<TValues extends FormValues, TOutput> {
  initialValues: TValues;
  schema: v.GenericSchema<unknown, TOutput>;
  /** Shapes the field values into what the schema reads (an unused choice left out, a number's text trimmed). */
  toInput?: (values: TValues) => unknown;
  /** Renames the server's field names to the form's paths (`contractor_amount` → `amount`); unknown names are kept. */
  fromServer?: (name: string) => string;
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

export interface ListRow<TRow> {
  /** Stable across additions and removals: the row's React key. */
  key: number;
  index: number;
  value: TRow;
}

export interface ListApi<TRow> {
  rows: ListRow<TRow>[];
  add: (row: TRow) => void;
  /** Removes a row; the messages of the rows after it move up with them. */
  remove: (index: number) => void;
  /** A text field of one row (`milestones.2.amount`). */
  field: (index: number, name: keyof TRow & string) => FieldBinding;
}

export interface FormApi<TValues extends FormValues, TOutput> {
  values: TValues;
  /** Messages by dot path: `amount`, `milestones`, `milestones.0.title`. */
  errors: FieldErrors;
  submitting: boolean;
  /** A message for the whole form (a refused sign-in), shown above the fields. */
  formError: string | null;
  setFormError: (message: string | null) => void;
  setValue: <K extends keyof TValues & string>(name: K, value: TValues[K]) => void;
  /** Sets a value by dot path (`milestones.1.amount`). */
  setPath: (path: string, value: unknown) => void;
  /** Sets several fields at once (a saved draft read back), leaving their messages alone. */
  setValues: (values: Partial<TValues>) => void;
  /** Binds a text field (text inputs, selects, textareas) by dot path. */
  field: (path: string) => FieldBinding;
  /** Checks one field now, as when it loses focus (a checkbox or a custom control). */
  touch: (path: string) => void;
  list: <K extends ListName<TValues>>(name: K) => ListApi<RowOf<TValues[K]>>;
  /** Validates the named fields only (a step of a longer form); true when they are valid. */
  validateFields: (names: string[]) => boolean;
  setServerErrors: (errors: FieldErrors) => void;
  handleSubmit: (onValid: (output: TOutput) => Promise<void> | void) => (event?: FormEvent) => Promise<void>;
  /** Attach to the <form>: after a failed check, focus goes to its first field in error. */
  formRef: RefObject<HTMLFormElement | null>;
}

const segments = (path: string) => path.split('.');

export function getPath(values: unknown, path: string): unknown {
  let current = values;
  for (const part of segments(path)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** A copy of `values` with `value` at `path`; the objects and arrays on the way are copied, the rest shared. */
export function setPath<T>(values: T, path: string, value: unknown): T {
  const [head, ...rest] = segments(path);
  const container = (values ?? {}) as Record<string, unknown> | unknown[];
  const copy: Record<string, unknown> | unknown[] = Array.isArray(container) ? [...container] : { ...container };
  (copy as Record<string, unknown>)[head!] = rest.length ? setPath((container as Record<string, unknown>)[head!], rest.join('.'), value) : value;
  return copy as T;
}

/** Two paths touch when one is the other or lies inside it: `milestones` and `milestones.0.amount`. */
const related = (a: string, b: string) => a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);

const same = (a: unknown, b: unknown) =>
  Object.is(a, b) || (typeof a === 'object' && a !== null && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b));

/** The keys of a map by path after row `index` of `list` went away: its own keys dropped, later rows one up. */
export function shiftRows<T>(entries: Iterable<[string, T]>, list: string, index: number): [string, T][] {
  const out: [string, T][] = [];
  const prefix = `${list}.`;
  for (const [key, value] of entries) {
    if (!key.startsWith(prefix)) {
      out.push([key, value]);
      continue;
    }
    const [position, ...tail] = segments(key.slice(prefix.length));
    const row = Number(position);
    if (row === index) continue;
    const moved = row > index ? [list, row - 1, ...tail].join('.') : key;
    out.push([moved, value]);
  }
  return out;
}

/** Moves focus to the first field in error so keyboard and screen-reader users land on it. */
function focusFirstInvalid(form: HTMLFormElement | null) {
  // A choice group marks the group invalid; its first option takes the focus.
  const target = form?.querySelector<HTMLElement>(
    ':is(input, select, textarea)[aria-invalid="true"], [role="radiogroup"][aria-invalid="true"] input',
  );
  target?.focus();
}

let nextRowKey = 1;

/**
 * Controlled form state checked with a valibot schema: a field is checked when
 * it loses focus (and again on each change once it shows a message), every
 * field on submit; a 422 answer's field errors land on the same fields, rows
 * of lists included.
 */
export function useForm<TValues extends FormValues, TOutput>(options: UseFormOptions<TValues, TOutput>): FormApi<TValues, TOutput> {
  const { i18n } = useLingui();
  const [values, setValuesState] = useState<TValues>(options.initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement | null>(null);
  const valuesRef = useRef(values);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  // Server messages and the value they were about: they stay until that value changes.
  const serverErrorsRef = useRef(new Map<string, { value: unknown; messages: string[] }>());
  // The React keys of each list's rows, in the rows' order.
  const rowKeysRef = useRef(new Map<string, number[]>());
  // Bumped with the errors, so focus moves once the fields in error are drawn.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest) focusFirstInvalid(formRef.current);
  }, [focusRequest]);

  const check = (current: TValues): FieldErrors => {
    const { schema, toInput } = optionsRef.current;
    const result = v.safeParse(schema, toInput ? toInput(current) : current);
    return result.success ? {} : fieldErrors(result.issues);
  };

  const merge = (path: string, clientMessages: string[] | undefined, value: unknown): string[] | undefined => {
    const server = serverErrorsRef.current.get(path);
    if (server && !same(server.value, value)) serverErrorsRef.current.delete(path);
    if (clientMessages) return clientMessages;
    return server && same(server.value, value) ? server.messages : undefined;
  };

  /** Puts the messages of `paths` as the schema and the server see them now. */
  const refresh = (paths: string[], current: TValues, previous: FieldErrors): FieldErrors => {
    if (paths.length === 0) return previous;
    const all = check(current);
    const next = { ...previous };
    for (const path of paths) {
      const messages = merge(path, all[path], getPath(current, path));
      if (messages) next[path] = messages;
      else delete next[path];
    }
    return next;
  };

  const commit = (next: TValues) => {
    valuesRef.current = next;
    setValuesState(next);
  };

  const setPathValue = (path: string, value: unknown) => {
    const next = setPath(valuesRef.current, path, value);
    commit(next);
    // Re-check messages already shown about this value (or the list it is in) as the user fixes it.
    setErrors((previous) =>
      refresh(
        Object.keys(previous).filter((key) => related(key, path)),
        next,
        previous,
      ),
    );
  };

  const touch = (path: string) => {
    const current = valuesRef.current;
    setErrors((previous) => refresh([path], current, previous));
  };

  const field = (path: string): FieldBinding => {
    const value = getPath(values, path);
    return {
      name: path,
      value: value === undefined || value === null ? '' : String(value),
      errors: errors[path] ?? [],
      onChange: (text) => setPathValue(path, text),
      onBlur: () => touch(path),
    };
  };

  const rowKeys = (name: string, length: number): number[] => {
    const keys = rowKeysRef.current.get(name) ?? [];
    // Rows set from outside (a draft read back) get keys of their own.
    while (keys.length < length) keys.push(nextRowKey++);
    keys.length = length;
    rowKeysRef.current.set(name, keys);
    return keys;
  };

  const list = <K extends ListName<TValues>>(name: K): ListApi<RowOf<TValues[K]>> => {
    type Row = RowOf<TValues[K]>;
    const items = (values[name] ?? []) as readonly Row[];
    const keys = rowKeys(name, items.length);
    return {
      rows: items.map((value, index) => ({ key: keys[index]!, index, value })),
      add: (row) => {
        const current = (valuesRef.current[name] ?? []) as readonly Row[];
        rowKeys(name, current.length).push(nextRowKey++);
        setPathValue(name, [...current, row]);
      },
      remove: (index) => {
        const current = (valuesRef.current[name] ?? []) as readonly Row[];
        rowKeys(name, current.length).splice(index, 1);
        const next = setPath(
          valuesRef.current,
          name,
          current.filter((_, position) => position !== index),
        );
        commit(next);
        serverErrorsRef.current = new Map(shiftRows(serverErrorsRef.current, name, index));
        setErrors((previous) => {
          const shifted = Object.fromEntries(shiftRows(Object.entries(previous), name, index));
          // A message about the list as a whole (a total) may no longer hold.
          return refresh(name in shifted ? [name] : [], next, shifted);
        });
      },
      field: (index, key) => field(`${name}.${index}.${key}`),
    };
  };

  const validateFields = (names: string[]) => {
    const all = check(valuesRef.current);
    const found = new Map(names.map((name) => [name, merge(name, all[name], getPath(valuesRef.current, name))]));
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
    const rename = optionsRef.current.fromServer ?? ((name: string) => name);
    const renamed: FieldErrors = {};
    for (const [name, messages] of Object.entries(serverErrors)) {
      const path = rename(name);
      renamed[path] = messages;
      serverErrorsRef.current.set(path, { value: getPath(valuesRef.current, path), messages });
    }
    setErrors((previous) => ({ ...previous, ...renamed }));
    setFocusRequest((count) => count + 1);
  };

  const setValues = (partial: Partial<TValues>) => commit({ ...valuesRef.current, ...partial });

  const handleSubmit = (onValid: (output: TOutput) => Promise<void> | void) => async (event?: FormEvent) => {
    event?.preventDefault();
    if (submitting) return;
    setFormError(null);
    const { schema, toInput } = optionsRef.current;
    const result = v.safeParse(schema, toInput ? toInput(valuesRef.current) : valuesRef.current);
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
      const rename = optionsRef.current.fromServer ?? ((name: string) => name);
      const known = (name: string) => segments(rename(name))[0]! in valuesRef.current;
      if (isApiError(error) && error.status === 422 && Object.keys(error.errors).some(known)) {
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
    setValue: setPathValue as FormApi<TValues, TOutput>['setValue'],
    setPath: setPathValue,
    setValues,
    field,
    touch,
    list,
    validateFields,
    setServerErrors,
    handleSubmit,
    formRef,
  };
}
