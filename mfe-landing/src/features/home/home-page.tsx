import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';

export default function HomePage() {
  return (
    <section className="ui-page ui-container landing-hero">
      <h1>
        <Trans>Build and renovate with confidence, wherever you live</Trans>
      </h1>
      <p>
        <Trans>
          Post your project, compare quotes from verified contractors and pay milestone by milestone: your money stays
          in escrow until an independent expert has inspected the work.
        </Trans>
      </p>
      <p>
        <a className="ui-button ui-button--accent" href="/register" target="_blank" rel="noopener noreferrer">
          <Trans>Sign up for free</Trans>
        </a>{' '}
        <Link className="ui-button ui-button--ghost" to="/contractors">
          <Trans>I am a contractor</Trans>
        </Link>
      </p>
    </section>
  );
}
