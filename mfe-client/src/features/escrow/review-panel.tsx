import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { FormAlert, useForm } from 'shared/forms';
import { REVIEW_BODY_MAX, REVIEW_BODY_MIN, ReviewFormSchema, type ReviewForm } from 'shared/schemas';
import { notify } from 'shared/ui';
import { useFormatters } from '../common/reference';
import type { ContractView as Contract } from 'shared/contract';
import { postReview } from './api/review';
import { StarRating } from './star-rating';
import { TextAreaField } from './text-area-field';

const BODY_MIN = REVIEW_BODY_MIN;
const BODY_MAX = REVIEW_BODY_MAX;

/** Once every milestone is released the client rates the contractor; afterwards the review is shown. */
export function ReviewPanel({ contract, onChange }: { contract: Contract; onChange: (contract: Contract) => void }) {
  const { t } = useLingui();
  const format = useFormatters();
  const form = useForm<{ rating: number; body: string }, ReviewForm>({
    initialValues: { rating: 0, body: '' },
    schema: ReviewFormSchema,
    onError: (error) => {
      form.setFormError(
        isApiError(error) && error.kind === 'http' && error.status < 500 ? error.message : t`The review could not be sent. Try again.`,
      );
      return true;
    },
  });
  const sending = form.submitting;
  const body = form.field('body');
  const contractor = contract.contractor.company_name || contract.contractor.name;

  if (contract.review) {
    const stars = contract.review.rating;
    return (
      <section className="ui-card client-panel" aria-labelledby="escrow-review-title">
        <h2 id="escrow-review-title">
          <Trans>Your review</Trans>
        </h2>
        <p className="escrow-stars__shown" aria-label={t`${stars} out of 5 stars`}>
          <span aria-hidden="true">{'★'.repeat(stars) + '☆'.repeat(Math.max(0, 5 - stars))}</span>
        </p>
        <p className="client-pre">{contract.review.body}</p>
        <p className="client-muted">
          <time dateTime={contract.review.created_at}>{format.date(contract.review.created_at)}</time>
        </p>
      </section>
    );
  }
  if (!contract.can_review) return null;

  const submit = form.handleSubmit(async (input) => {
    const review = await postReview(contract.id, input);
    notify.success(t`Thank you: your review is published.`);
    onChange({ ...contract, review, can_review: false });
  });

  return (
    <section className="ui-card client-panel" aria-labelledby="escrow-review-title">
      <h2 id="escrow-review-title">
        <Trans>Review {contractor}</Trans>
      </h2>
      <p className="client-muted">
        <Trans>Every milestone is paid. Tell other clients how the work went.</Trans>
      </p>
      <form className="escrow-form" ref={form.formRef} noValidate onSubmit={submit}>
        <StarRating
          name="review-rating"
          legend={t`Rating`}
          value={form.values.rating}
          onChange={(stars) => form.setValue('rating', stars)}
          errors={form.errors.rating}
          disabled={sending}
        />
        <TextAreaField
          label={t`Your review`}
          name="review-body"
          value={body.value}
          onChange={body.onChange}
          onBlur={body.onBlur}
          errors={body.errors}
          hint={t`At least ${BODY_MIN} characters.`}
          maxLength={BODY_MAX}
          disabled={sending}
        />
        {form.formError && <FormAlert>{form.formError}</FormAlert>}
        <div className="escrow-form__actions">
          <button type="submit" className="ui-button ui-button--accent" disabled={sending}>
            {sending ? t`Sending…` : t`Publish the review`}
          </button>
        </div>
      </form>
    </section>
  );
}
