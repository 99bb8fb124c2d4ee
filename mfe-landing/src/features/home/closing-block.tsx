import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { LINKS, NEW_TAB } from '../../config/links';

/** The call to action at the end of the pitch: watch the demo or sign up. */
export function ClosingBlock() {
  return (
    <section className="landing-section" aria-labelledby="home-closing-title">
      <div className="ui-container">
        <div className="home-closing">
          <h2 id="home-closing-title" className="landing-section__title">
            <Trans>Ready to start your project?</Trans>
          </h2>
          <p className="landing-section__lead">
            <Trans>Take a five-step tour of the platform's screens, or create your free account and post your first project today.</Trans>
          </p>
          <div className="landing-actions home-closing__actions">
            <Link className="ui-button ui-button--ghost home-closing__demo" to={LINKS.demo}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path fill="currentColor" d="M8 5v14l11-7z" />
              </svg>
              <Trans>Watch the demo</Trans>
            </Link>
            <a className="ui-button ui-button--accent" href={LINKS.register} {...NEW_TAB}>
              <Trans>Sign up for free</Trans>
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}
