import { Trans, useLingui } from '@lingui/react/macro';

/** An average rating as stars with its figure, or a plain "no reviews yet". */
export function Rating({ rating, count }: { rating: number | null; count: number }) {
  const { t, i18n } = useLingui();
  if (rating === null || count === 0)
    return (
      <p className="pro-rating pro-rating--none">
        <Trans>No reviews yet</Trans>
      </p>
    );
  const shown = new Intl.NumberFormat(i18n.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rating);
  const full = Math.round(rating);
  return (
    <p className="pro-rating">
      <span className="pro-rating__stars" aria-hidden="true">
        {'★'.repeat(full)}
        {'☆'.repeat(5 - full)}
      </span>
      <span className="ui-visually-hidden">{t`Rated ${shown} out of 5`}</span>
      <span aria-hidden="true">{shown}</span>
      <span className="pro-rating__count">{count === 1 ? t`(1 review)` : t`(${count} reviews)`}</span>
    </p>
  );
}
