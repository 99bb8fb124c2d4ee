import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Link, useNavigate } from 'react-router-dom';
import { Trans } from '@lingui/react/macro';
import { queryKeys } from 'shared/query';
import { pathFor } from 'shared/routing';
import { STORAGE_KEYS, browserStorage, clientUserAtom } from 'shared/session';
import { Icon } from '../../lib/icons';
import { fetchPendingReviews } from './api/pending-reviews';
import { ReviewForm } from './review-form';
import '../../lib/landing.css';
import './reviews.css';

/** Who may review and why: the same rule the API applies. */
function WhoCanReview() {
  return (
    <ul className="review-rules">
      <li>
        <Icon name="users" size={20} />
        <span>
          <Trans>Only the client of a contract can review it, never the professional, a friend or a competitor.</Trans>
        </span>
      </li>
      <li>
        <Icon name="wallet" size={20} />
        <span>
          <Trans>The contract must be completed: every milestone inspected and paid out through escrow.</Trans>
        </span>
      </li>
      <li>
        <Icon name="check" size={20} />
        <span>
          <Trans>One review per contract, published with your first name on the professional's profile.</Trans>
        </span>
      </li>
    </ul>
  );
}

/** `/add-review`: a client with a completed contract reviews it; anyone else learns who can review, and why. */
export default function AddReviewPage() {
  const client = useAtomValue(clientUserAtom);
  const navigate = useNavigate();
  const pending = useQuery({ queryKey: queryKeys.reviews.pending(), queryFn: ({ signal }) => fetchPendingReviews(signal), enabled: Boolean(client) });
  const signIn = () => {
    // Back here once signed in (the sign-in page follows the saved page).
    browserStorage().setItem(STORAGE_KEYS.requestedClientPage, pathFor('AddReview'));
    navigate(pathFor('Login'));
  };

  return (
    <div className="review-page">
      <section className="ui-container review-section">
        <p className="landing-eyebrow">
          <Trans>Reviews</Trans>
        </p>
        <h1 className="landing-section__title">
          <Trans>Post a review</Trans>
        </h1>
        <p className="landing-section__lead">
          <Trans>
            Reviews on Fundament are tied to real work: a client reviews a professional once their contract is completed through escrow. That is why
            every rating in the directory can be trusted.
          </Trans>
        </p>

        {client ? (
          pending.isError ? (
            <div className="ui-card review-state" role="alert">
              <p>
                <Trans>We could not load your contracts right now.</Trans>
              </p>
              <button type="button" className="ui-button" onClick={() => void pending.refetch()}>
                <Trans>Try again</Trans>
              </button>
            </div>
          ) : !pending.data ? (
            <div className="ui-card review-state" aria-busy="true">
              <span className="landing-skeleton-line" />
              <span className="landing-skeleton-line landing-skeleton-line--short" />
            </div>
          ) : !pending.data.can_review ? (
            <div className="ui-card review-state">
              <h2>
                <Trans>Only clients can post reviews</Trans>
              </h2>
              <p>
                <Trans>You are signed in as a professional. Your clients can review you once your contract with them is completed.</Trans>
              </p>
              <WhoCanReview />
            </div>
          ) : pending.data.data.length === 0 ? (
            <div className="ui-card review-state">
              <h2>
                <Trans>No contract is waiting for your review</Trans>
              </h2>
              <p>
                <Trans>You can review a contract once its last milestone is released. Contracts you have reviewed already are not listed.</Trans>
              </p>
              <p className="landing-actions">
                <Link className="ui-button" to={pathFor('main.escrow')}>
                  <Trans>Open my contracts</Trans>
                </Link>
              </p>
            </div>
          ) : (
            <ul className="review-list">
              {pending.data.data.map((contract) => (
                <ReviewForm key={contract.contract_id} contract={contract} />
              ))}
            </ul>
          )
        ) : (
          <div className="ui-card review-state">
            <h2>
              <Trans>Who can post a review</Trans>
            </h2>
            <WhoCanReview />
            <p className="landing-actions">
              <button type="button" className="ui-button ui-button--accent" onClick={signIn}>
                <Trans>Sign in to review a contract</Trans>
              </button>
              <Link className="ui-button ui-button--ghost" to={pathFor('Professionals')}>
                <Trans>Read reviews of verified professionals</Trans>
              </Link>
            </p>
          </div>
        )}
      </section>
    </div>
  );
}
