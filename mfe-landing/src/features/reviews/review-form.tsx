import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { Field, FormAlert, useForm } from 'shared/forms';
import type { PendingReview } from 'shared/contract';
import { pathFor } from 'shared/routing';
import { REVIEW_BODY_MAX, REVIEW_BODY_MIN, ReviewFormSchema, type ReviewForm as ReviewValues } from 'shared/schemas';
import { formatDate, notify } from 'shared/ui';
import { useSubmitReview } from './api/submit-review';
import { StarInput } from './star-input';

/** The review of one completed contract: stars and a few words, sent once. */
export function ReviewForm({ contract }: { contract: PendingReview }) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const submitReview = useSubmitReview(contract.specialist_id);
  const form = useForm<{ rating: number; body: string }, ReviewValues>({
    initialValues: { rating: 0, body: '' },
    schema: ReviewFormSchema,
    onError: (error) => {
      form.setFormError(
        isApiError(error) && error.kind === 'http' && error.status < 500 ? error.message : t`The review could not be sent. Try again.`,
      );
      return true;
    },
  });
  const body = form.field('body');
  const sending = form.submitting;
  const min = REVIEW_BODY_MIN;
  const completed = formatDate(contract.completed_at, i18n.locale);
  const specialist = contract.specialist_name;
  const submit = form.handleSubmit(async (input) => {
    await submitReview.mutateAsync({ contractId: contract.contract_id, body: input });
    notify.success(t`Thank you: your review is published.`);
  });

  return (
    <li className="ui-card review-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="review-card__title">
        {contract.project_title}
      </h2>
      <p className="review-muted">
        <Trans>
          With <Link to={pathFor('Professional', { id: contract.specialist_id })}>{specialist}</Link>, completed on {completed}
        </Trans>
      </p>
      <form className="review-form" ref={form.formRef} noValidate onSubmit={submit}>
        <StarInput
          name={`rating-${contract.contract_id}`}
          legend={t`Rating`}
          value={form.values.rating}
          onChange={(stars) => form.setValue('rating', stars)}
          errors={form.errors.rating}
          disabled={sending}
        />
        <Field label={t`Your review`} hint={t`At least ${min} characters.`} errors={body.errors} name="review-body">
          {(control) => (
            <textarea
              {...control}
              className="ui-field__input review-form__text"
              rows={4}
              maxLength={REVIEW_BODY_MAX}
              value={body.value}
              onChange={(event) => body.onChange(event.target.value)}
              onBlur={body.onBlur}
              disabled={sending}
            />
          )}
        </Field>
        {form.formError && <FormAlert>{form.formError}</FormAlert>}
        <button type="submit" className="ui-button ui-button--accent" disabled={sending}>
          {sending ? t`Sending…` : t`Publish the review`}
        </button>
      </form>
    </li>
  );
}
