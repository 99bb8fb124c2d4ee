import { Link } from 'react-router-dom';
import { useLingui } from '@lingui/react/macro';

/** The logo, linking to the home page of whoever is looking. */
export function BrandLogo({ to = '/' }: { to?: string }) {
  const { t } = useLingui();
  return (
    <Link to={to} className="brand" aria-label={t`Fundament, home`}>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill="#1f4e8c" />
        <path d="M6 17 16 8l10 9v9H6z" fill="#fff" />
        <rect x="13" y="19" width="6" height="7" fill="#e8772e" />
      </svg>
      <span className="brand__name">Fundament</span>
    </Link>
  );
}
