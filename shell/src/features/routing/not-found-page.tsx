import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    // In the page's container, so on a phone the card keeps the margins every other page has.
    <div className="ui-container">
      <section className="ui-notice ui-card">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1>
          <Trans>Page not found</Trans>
        </h1>
        <p>
          <Trans>The page you are looking for does not exist or has moved.</Trans>
        </p>
        <Link className="ui-button" to="/">
          <Trans>Back to the home page</Trans>
        </Link>
      </section>
    </div>
  );
}
