import { Link } from 'react-router-dom';
import { Trans } from '@lingui/react/macro';
import { pathFor } from 'shared/routing';
import '../common/client.css';

/** Escrow is not built yet: say so plainly, and say when it starts. */
export function EscrowPage() {
  return (
    <section className="ui-page ui-container client-page">
      <div className="ui-card ui-notice">
        <h1>
          <Trans>Escrow</Trans>
        </h1>
        <p>
          <Trans>
            Escrow starts when you select a quote: you will fund each milestone here, and the money is released to the specialist when you approve the work.
          </Trans>
        </p>
        <p>
          <Trans>Escrow payments are being prepared and are not available yet. Nothing has been charged.</Trans>
        </p>
        <Link className="ui-button" to={pathFor('main.projects')}>
          <Trans>See your projects</Trans>
        </Link>
      </div>
    </section>
  );
}
