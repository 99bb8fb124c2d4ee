import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { MILESTONES_MAX, quoteFormSchema, translateMessage, type QuoteValues } from 'shared/schemas';
import { parseMoney } from 'shared/money';
import { notify } from 'shared/ui';
import { AmountInput, Field, useForm } from 'shared/forms';
import { useFormatters } from '../common/reference';
import { submitQuote } from './api/submit-quote';
import type { QuoteView } from 'shared/contract';

interface MilestoneRow {
  title: string;
  amount: string;
}

// The currency is the project's; it is a field only so that the server's word on it has a place.
type QuoteFields = { amount: string; currency: string; duration_days: string; message: string; milestones: MilestoneRow[] };

interface QuoteFormProps {
  projectId: string;
  currency: string;
  onSubmitted: (quote: QuoteView) => void;
}

const blankMilestone = (): MilestoneRow => ({ title: '', amount: '' });

/** A specialist's quote: total, duration, message and a milestone plan in the project's currency. */
export function QuoteForm({ projectId, currency, onSubmitted }: QuoteFormProps) {
  const { t, i18n } = useLingui();
  const format = useFormatters();
  const form = useForm<QuoteFields, QuoteValues>({
    initialValues: { amount: '', currency, duration_days: '', message: '', milestones: [blankMilestone()] },
    // Amounts are read in the user's language and the currency's decimals, by the parser every amount field uses.
    schema: quoteFormSchema(currency, i18n.locale),
    toInput: (values) => ({ ...values, currency, duration_days: values.duration_days.trim() }),
    onError: (error) => {
      if (isApiError(error) && (error.status === 409 || error.status === 403)) {
        notify.error(error.message);
        return true;
      }
    },
  });
  const { errors } = form;
  const milestones = form.list('milestones');

  const read = (text: string) => {
    const reading = parseMoney(text, currency, i18n.locale);
    return reading.ok ? reading.minor : null;
  };
  const total = read(form.values.amount);
  const planned = form.values.milestones.reduce((sum, item) => sum + (read(item.amount) ?? 0), 0);
  const balanced = total !== null && planned === total;

  const submit = form.handleSubmit(async (quote) => {
    const saved = await submitQuote(projectId, quote);
    notify.success(t`Your quote has been sent to the client.`);
    onSubmitted(saved);
  });

  const input = (path: string, extra: { inputMode?: 'decimal' | 'numeric'; required?: boolean } = {}) => {
    const binding = form.field(path);
    const common = {
      className: 'ui-field__input',
      'aria-required': extra.required === false ? undefined : true,
      value: binding.value,
      onBlur: binding.onBlur,
    };
    // Amounts group their thousands as they are typed; the number of days is a plain count.
    return (control: object) =>
      extra.inputMode === 'decimal' ? (
        <AmountInput {...control} {...common} onChange={binding.onChange} />
      ) : (
        <input {...control} {...common} inputMode={extra.inputMode} onChange={(e) => binding.onChange(e.target.value)} />
      );
  };

  return (
    <form
      className="ui-card client-panel client-quote-form"
      ref={form.formRef}
      noValidate
      aria-labelledby="client-quote-form-title"
      onSubmit={submit}
    >
      <h2 id="client-quote-form-title">
        <Trans>Send a quote</Trans>
      </h2>
      <div className="client-row client-row--three">
        <Field label={t`Total (${currency})`} errors={errors.amount ?? errors.currency}>
          {input('amount', { inputMode: 'decimal' })}
        </Field>
        <Field label={t`Duration in days`} errors={errors.duration_days}>
          {input('duration_days', { inputMode: 'numeric' })}
        </Field>
      </div>
      <Field label={t`Message to the client`} errors={errors.message} hint={t`Optional: what is included, materials, guarantees.`}>
        {(control) => {
          const binding = form.field('message');
          return (
            <textarea
              {...control}
              className="ui-field__input client-textarea"
              rows={4}
              value={binding.value}
              onChange={(e) => binding.onChange(e.target.value)}
              onBlur={binding.onBlur}
            />
          );
        }}
      </Field>
      <fieldset className="client-fieldset">
        <legend>{t`Milestones`}</legend>
        <p className="client-muted">
          <Trans>The client pays into escrow milestone by milestone; the amounts must add up to the total.</Trans>
        </p>
        <ol className="client-milestones">
          {milestones.rows.map(({ key, index }) => (
            <li key={key} className="client-milestones__row">
              <Field label={t`Milestone ${index + 1}`} errors={errors[`milestones.${index}.title`]}>
                {input(`milestones.${index}.title`)}
              </Field>
              <Field label={t`Amount of milestone ${index + 1}`} errors={errors[`milestones.${index}.amount`]}>
                {input(`milestones.${index}.amount`, { inputMode: 'decimal' })}
              </Field>
              {milestones.rows.length > 1 && (
                <button
                  type="button"
                  className="ui-button ui-button--ghost"
                  aria-label={t`Remove milestone ${index + 1}`}
                  onClick={() => milestones.remove(index)}
                >
                  <Trans>Remove</Trans>
                </button>
              )}
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="ui-button ui-button--ghost"
          disabled={milestones.rows.length >= MILESTONES_MAX}
          onClick={() => milestones.add(blankMilestone())}
        >
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
        <button type="submit" className="ui-button ui-button--accent" disabled={form.submitting}>
          {form.submitting ? t`Sending…` : t`Send the quote`}
        </button>
      </div>
    </form>
  );
}
