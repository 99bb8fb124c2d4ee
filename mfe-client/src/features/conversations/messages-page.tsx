// The form look (field errors, labels) for the composer, the edit box and the report dialog.
import 'shared/forms';
import { useParams } from 'react-router-dom';
import { Trans } from '@lingui/react/macro';
import { ConversationList } from './conversation-list';
import { ThreadView } from './thread-view';
import './conversations.css';

/**
 * `/main/messages` and `/main/messages/:id`. On a phone the list and the
 * thread are two screens; from a laptop's width up, the list stays beside
 * the open thread (CSS decides, from whether a thread is open).
 */
export function MessagesPage() {
  const { id } = useParams();
  return (
    <section className={`ui-page ui-container client-page conversations${id ? ' conversations--thread' : ' conversations--list'}`}>
      <div className="conversations__list">
        {id ? (
          <h2 className="conversations__heading">
            <Trans>Messages</Trans>
          </h2>
        ) : (
          <h1 className="conversations__heading">
            <Trans>Messages</Trans>
          </h1>
        )}
        <ConversationList activeId={id} />
      </div>
      <div className="conversations__thread">
        {id ? (
          <ThreadView key={id} id={id} />
        ) : (
          <p className="conversations__placeholder client-muted">
            <Trans>Choose a conversation to read it.</Trans>
          </p>
        )}
      </div>
    </section>
  );
}
