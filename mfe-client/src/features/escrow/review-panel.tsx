import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { FormAlert } from 'shared/forms';
import { notify } from 'shared/ui';
import { useFormatters } from '../common/reference';
import type { ContractView as Contract } from 'shared/contract';
import { postReview } from './api/review';
import { StarRating } from './star-rating';
import { TextAreaField } from './text-area-field';

const BODY_MIN = 10;
const BODY_MAX = 2000;

/** Once every milestone is released the client rates the contractor; afterwards the review is shown. */
export function ReviewPanel({ contract, onChange }: { contract: Contract; onChange: (contract: Contract) => void }) {
  const { t } = useLingui();
  const format = useFormatters();
  const [rating, setRating] = useState(0);
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
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

  const check = () => {
    const found: Record<string, string[]> = {};
    if (rating < 1) found.rating = [t`Please choose a rating from 1 to 5 stars.`];
    const length = body.trim().length;
    if (length < BODY_MIN) found.body = [t`Please write at least ${BODY_MIN} characters.`];
    else if (length > BODY_MAX) found.body = [t`Please keep the review under ${BODY_MAX} characters.`];
    return found;
  };

  const submit = async () => {
    setProblem(null);
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      const review = await postReview(contract.id, { rating, body: body.trim() });
      notify.success(t`Thank you: your review is published.`);
      onChange({ ...contract, review, can_review: false });
    } catch (error) {
      if (isApiError(error) && error.status === 422 && Object.keys(error.errors).length > 0) setErrors(error.errors);
      else setProblem(isApiError(error) && error.kind === 'http' && error.status < 500 ? error.message : t`The review could not be sent. Try again.`);
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="ui-card client-panel" aria-labelledby="escrow-review-title">
      <h2 id="escrow-review-title">
        <Trans>Review {contractor}</Trans>
      </h2>
      <p className="client-muted">
        <Trans>Every milestone is paid. Tell other clients how the work went.</Trans>
      </p>
      <form
        className="escrow-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <StarRating name="review-rating" legend={t`Rating`} value={rating} onChange={setRating} errors={errors.rating} disabled={sending} />
        <TextAreaField
          label={t`Your review`}
          name="review-body"
          value={body}
          onChange={setBody}
          errors={errors.body}
          hint={t`At least ${BODY_MIN} characters.`}
          maxLength={BODY_MAX}
          disabled={sending}
        />
        {problem && <FormAlert>{problem}</FormAlert>}
        <div className="escrow-form__actions">
          <button type="submit" className="ui-button ui-button--accent" disabled={sending}>
            {sending ? t`Sending…` : t`Publish the review`}
          </button>
        </div>
      </form>
    </section>
  );
}
