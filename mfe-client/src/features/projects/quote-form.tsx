import { useState } from 'react';
import * as v from 'valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { QuoteSchema, fieldErrors, translateMessage, type FieldErrorMap } from 'shared/schemas';
import { moneyProblemMessage, parseMoney } from 'shared/money';
import { notify, SOMETHING_WENT_WRONG } from 'shared/ui';
import { Field } from 'shared/forms';
import { useFormatters } from '../common/reference';
import { submitQuote } from './api/submit-quote';
import type { QuoteView } from './api/project-types';

interface Milestone {
  key: number;
  title: string;
  amount: string;
}

interface QuoteFormProps {
  projectId: string;
  currency: string;
  onSubmitted: (quote: QuoteView) => void;
}

let nextKey = 1;
const blankMilestone = (): Milestone => ({ key: nextKey++, title: '', amount: '' });

/** A specialist's quote: total, duration, message and a milestone plan in the project's currency. */
export function QuoteForm({ projectId, currency, onSubmitted }: QuoteFormProps) {
  const { t, i18n } = useLingui();
  const format = useFormatters();
  const [amount, setAmount] = useState('');
  const [duration, setDuration] = useState('');
  const [message, setMessage] = useState('');
  const [milestones, setMilestones] = useState<Milestone[]>([blankMilestone()]);
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [submitting, setSubmitting] = useState(false);

  // Amounts are read in the user's language and the currency's decimals, by the parser every amount field uses.
  const read = (text: string) => parseMoney(text, currency, i18n.locale);
  const minor = (text: string) => {
    const reading = read(text);
    return reading.ok ? reading.minor : '';
  };
  const input = () => ({
    amount: minor(amount),
    currency,
    duration_days: duration.trim() === '' ? '' : duration.trim(),
    message,
    milestones: milestones.map((item) => ({ title: item.title, amount: minor(item.amount) })),
  });
  /** Amounts typed but unreadable: the parser's message, rather than the schema's. */
  const amountErrors = (): FieldErrorMap => {
    const found: FieldErrorMap = {};
    const note = (name: string, text: string) => {
      const reading = read(text);
      if (!reading.ok && reading.problem !== 'empty') found[name] = [i18n._(moneyProblemMessage(reading.problem, currency, i18n.locale))];
    };
    note('amount', amount);
    milestones.forEach((item, index) => note(`milestones.${index}.amount`, item.amount));
    return found;
  };
  const check = (): FieldErrorMap => {
    const result = v.safeParse(QuoteSchema, input());
    return { ...(result.success ? {} : fieldErrors(result.issues)), ...amountErrors() };
  };
  // Only the field that lost focus changes: other messages appearing or vanishing
  // on blur would move the button under a pointer that is already pressing it.
  const blur = (name: string) => {
    const messages = check()[name];
    setErrors((previous) => {
      const next = { ...previous };
      if (messages) next[name] = messages;
      else delete next[name];
      return next;
    });
  };

  const totalReading = read(amount);
  const total = totalReading.ok ? totalReading.minor : null;
  const planned = milestones.reduce((sum, item) => {
    const reading = read(item.amount);
    return sum + (reading.ok ? reading.minor : 0);
  }, 0);
  const balanced = total !== null && planned === total;

  const submit = async () => {
    const result = v.safeParse(QuoteSchema, input());
    const found = check();
    if (!result.success || Object.keys(found).length > 0) {
      setErrors(found);
      requestAnimationFrame(() => document.querySelector<HTMLElement>('.client-quote-form [aria-invalid="true"]')?.focus());
      return;
    }
    setSubmitting(true);
    try {
      const quote = await submitQuote(projectId, result.output);
      notify.success(t`Your quote has been sent to the client.`);
      onSubmitted(quote);
    } catch (error) {
      if (isApiError(error) && error.status === 422 && Object.keys(error.errors).length > 0) setErrors(error.errors);
      else if (isApiError(error) && (error.status === 409 || error.status === 403)) notify.error(error.message);
      else notify.error(i18n._(SOMETHING_WENT_WRONG));
    } finally {
      setSubmitting(false);
    }
  };

  const updateMilestone = (key: number, change: Partial<Milestone>) =>
    setMilestones((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));

  return (
    <form
      className="ui-card client-panel client-quote-form"
      noValidate
      aria-labelledby="client-quote-form-title"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id="client-quote-form-title">
        <Trans>Send a quote</Trans>
      </h2>
      <div className="client-row client-row--three">
        <Field label={t`Total (${currency})`} errors={errors.amount ?? errors.currency}>
          {(control) => (
            <input {...control} className="ui-field__input" inputMode="decimal" aria-required value={amount} onChange={(e) => setAmount(e.target.value)} onBlur={() => blur('amount')} />
          )}
        </Field>
        <Field label={t`Duration in days`} errors={errors.duration_days}>
          {(control) => (
            <input {...control} className="ui-field__input" inputMode="numeric" aria-required value={duration} onChange={(e) => setDuration(e.target.value)} onBlur={() => blur('duration_days')} />
          )}
        </Field>
      </div>
      <Field label={t`Message to the client`} errors={errors.message} hint={t`Optional: what is included, materials, guarantees.`}>
        {(control) => <textarea {...control} className="ui-field__input client-textarea" rows={4} value={message} onChange={(e) => setMessage(e.target.value)} onBlur={() => blur('message')} />}
      </Field>
      <fieldset className="client-fieldset">
        <legend>{t`Milestones`}</legend>
        <p className="client-muted">
          <Trans>The client pays into escrow milestone by milestone; the amounts must add up to the total.</Trans>
        </p>
        <ol className="client-milestones">
          {milestones.map((item, index) => (
            <li key={item.key} className="client-milestones__row">
              <Field label={t`Milestone ${index + 1}`} errors={errors[`milestones.${index}.title`]}>
                {(control) => (
                  <input {...control} className="ui-field__input" aria-required value={item.title} onChange={(e) => updateMilestone(item.key, { title: e.target.value })} onBlur={() => blur(`milestones.${index}.title`)} />
                )}
              </Field>
              <Field label={t`Amount of milestone ${index + 1}`} errors={errors[`milestones.${index}.amount`]}>
                {(control) => (
                  <input {...control} className="ui-field__input" inputMode="decimal" aria-required value={item.amount} onChange={(e) => updateMilestone(item.key, { amount: e.target.value })} onBlur={() => blur(`milestones.${index}.amount`)} />
                )}
              </Field>
              {milestones.length > 1 && (
                <button type="button" className="ui-button ui-button--ghost" aria-label={t`Remove milestone ${index + 1}`} onClick={() => setMilestones((list) => list.filter((other) => other.key !== item.key))}>
                  <Trans>Remove</Trans>
                </button>
              )}
            </li>
          ))}
        </ol>
        <button type="button" className="ui-button ui-button--ghost" disabled={milestones.length >= 20} onClick={() => setMilestones((list) => [...list, blankMilestone()])}>
          <Trans>Add a milestone</Trans>
        </button>
        <p className={`client-sum ${balanced ? 'client-sum--ok' : 'client-sum--off'}`} aria-live="polite">
          <Trans>
            Milestones add up to {format.money(planned, currency)} of {format.money(total ?? 0, currency)}
          </Trans>
        </p>
        {errors.milestones && !balanced && (
          <div className="ui-field__errors" role="alert">
            {errors.milestones.map((text) => (
              <p key={text} className="ui-field__error">
                {translateMessage(text, (descriptor) => i18n._(descriptor))}
              </p>
            ))}
          </div>
        )}
      </fieldset>
      <div className="client-create__actions">
        <button type="submit" className="ui-button ui-button--accent" disabled={submitting}>
          {submitting ? t`Sending…` : t`Send the quote`}
        </button>
      </div>
    </form>
  );
}
