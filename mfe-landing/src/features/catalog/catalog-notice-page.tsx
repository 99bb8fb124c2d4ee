import { Link } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { Trans } from '@lingui/react/macro';
import { clientUserAtom } from 'shared/session';
import { LINKS } from '../../config/links';
import { Icon } from '../../lib/icons';
import '../../lib/landing.css';
import './catalog-notice.css';

/** The public catalog address: a notice while the catalog is being built (spec §2), with a way in for members. */
export default function CatalogNoticePage() {
  const client = useAtomValue(clientUserAtom);
  return (
    <section className="ui-page">
      <div className="ui-container">
        <div className="ui-card catalog-notice">
          <span className="catalog-notice__badge">
            <Icon name="helmet" size={36} />
          </span>
          <h1>
            <Trans>The catalog is under construction</Trans>
          </h1>
          <p>
            <Trans>We are putting together a catalog of popular home designs with estimated costs. It will open to everyone soon.</Trans>
          </p>
          {client ? (
            <p className="landing-actions catalog-notice__actions">
              <Link className="ui-button" to={LINKS.clientCatalog}>
                <Trans>Open the catalog in your space</Trans>
              </Link>
            </p>
          ) : (
            <>
              <p>
                <Trans>Members can already browse it from their client space.</Trans>
              </p>
              <p className="landing-actions catalog-notice__actions">
                <Link className="ui-button" to="/login">
                  <Trans>Sign in to browse the catalog</Trans>
                </Link>
                <Link className="ui-button ui-button--ghost" to="/">
                  <Trans>Back to the home page</Trans>
                </Link>
              </p>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
