import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { queryKeys } from 'shared/query';
import { useReferenceNames } from '../common/reference';
import { ErrorState, Skeleton } from '../common/states';
import { listReplacements } from './api/settlement';
import { numberFormat } from 'shared/i18n';

interface ReplacementPickerProps {
  contractId: string;
  value: string;
  onChange: (id: string) => void;
  disabled?: boolean;
}

/** Verified contractors of the same trade and area who could finish the work, with their rating. */
export function ReplacementPicker({ contractId, value, onChange, disabled }: ReplacementPickerProps) {
  const { t, i18n } = useLingui();
  const names = useReferenceNames();
  const replacements = useQuery({
    queryKey: queryKeys.contracts.replacements(contractId),
    queryFn: ({ signal }) => listReplacements(contractId, signal),
  });
  if (replacements.status === 'error') return <ErrorState error={replacements.error} onRetry={() => void replacements.refetch()} />;
  if (!replacements.data) return <Skeleton count={2} variant="line" />;
  if (replacements.data.length === 0) {
    return (
      <p className="client-muted">
        <Trans>No verified contractor of this trade works in your area yet. Choose a refund, or try again later.</Trans>
      </p>
    );
  }
  return (
    <fieldset className="client-fieldset">
      <legend>{t`Replacement contractor`}</legend>
      <ul className="client-pick-list">
        {replacements.data.map((item) => {
          const rating = item.rating === null ? null : numberFormat(i18n.locale || 'en', { maximumFractionDigits: 1 }).format(item.rating);
          const reviews = item.review_count;
          return (
            <li key={item.id}>
              <label>
                <input
                  type="radio"
                  name="replacement"
                  value={item.id}
                  checked={value === item.id}
                  disabled={disabled}
                  onChange={() => onChange(item.id)}
                />
                <span>
                  <strong>{item.company_name || item.name}</strong>
                  {item.company_name ? ` (${item.name})` : ''}
                  {item.city ? ` · ${item.city}${item.country ? `, ${names.country(item.country)}` : ''}` : ''}
                  {' · '}
                  {rating === null ? (
                    <Trans>No reviews yet</Trans>
                  ) : reviews === 1 ? (
                    <Trans>Rated {rating} out of 5 (1 review)</Trans>
                  ) : (
                    <Trans>
                      Rated {rating} out of 5 ({reviews} reviews)
                    </Trans>
                  )}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
