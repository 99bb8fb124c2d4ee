import { Trans } from '@lingui/react/macro';

/*
 * The four manual illustrations (docs/product.md §2) are small pieces of interface drawn
 * with HTML and CSS: they stay crisp, translate with the page and weigh nothing.
 * They are decorative, so assistive technology skips them; the step text says it all.
 */

export function AddJobIllustration() {
  return (
    <div className="manual-art manual-art--add" aria-hidden="true">
      <div className="manual-art__form">
        <span className="manual-art__line manual-art__line--wide" />
        <span className="manual-art__line" />
        <span className="manual-art__line manual-art__line--short" />
      </div>
      <span className="manual-art__button manual-art__button--accent">
        <span className="manual-art__plus">+</span> <Trans>Add job</Trans>
      </span>
    </div>
  );
}

export function CompareIllustration() {
  return (
    <div className="manual-art manual-art--compare" aria-hidden="true">
      <div className="manual-art__jobs">
        {[0, 1, 2].map((index) => (
          <div key={index} className="manual-art__job">
            <span className="manual-art__avatar" />
            <span className="manual-art__line manual-art__line--wide" />
            <span className="manual-art__line manual-art__line--short" />
          </div>
        ))}
      </div>
      <div className="manual-art__company">
        <span className="manual-art__logo">B</span>
        <div>
          <strong>
            <Trans>Batisol Construction</Trans>
          </strong>
          <span className="manual-art__verified">
            <svg viewBox="0 0 16 16" width="14" height="14" focusable="false">
              <path fill="currentColor" d="M8 0 10 2.2l3-.3.4 3L16 8l-2.6 3.1-.4 3-3-.3L8 16l-2-2.2-3 .3-.4-3L0 8l2.6-3.1.4-3 3 .3z" />
              <path fill="#fff" d="m6.8 10.9-2.6-2.6 1-1 1.6 1.6 3.9-3.9 1 1z" />
            </svg>
            <Trans>Verified company</Trans>
          </span>
        </div>
      </div>
    </div>
  );
}

export function ContactIllustration() {
  return (
    <div className="manual-art manual-art--contact" aria-hidden="true">
      <div className="manual-art__contact">
        <span className="manual-art__avatar" />
        <span className="manual-art__line manual-art__line--wide" />
        <span className="manual-art__line" />
      </div>
      <dl className="manual-art__hours">
        <div>
          <dt>
            <Trans>Mon – Fri</Trans>
          </dt>
          <dd>
            <Trans>8:00 – 18:00</Trans>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Saturday</Trans>
          </dt>
          <dd>
            <Trans>9:00 – 13:00</Trans>
          </dd>
        </div>
      </dl>
      <div className="manual-art__buttons">
        <span className="manual-art__button manual-art__button--inactive">
          <Trans>View profile</Trans>
        </span>
        <span className="manual-art__button manual-art__button--pulse">
          <Trans>Contact now</Trans>
        </span>
      </div>
    </div>
  );
}

export function CompleteIllustration() {
  return (
    <div className="manual-art manual-art--complete" aria-hidden="true">
      <div className="manual-art__milestones">
        {[0, 1, 2].map((index) => (
          <span key={index} className="manual-art__milestone">
            ✓
          </span>
        ))}
      </div>
      <span className="manual-art__button manual-art__button--success">
        <Trans>Project complete</Trans>
      </span>
    </div>
  );
}
