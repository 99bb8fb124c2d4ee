import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';

/** Floating support chat, closed by default. */
export function ChatWidget() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <div className="chat">
      {open && (
        <section className="chat__panel ui-card" aria-label={t`Support chat`}>
          <p>
            <Trans>Hello! How can we help you today?</Trans>
          </p>
        </section>
      )}
      <button
        type="button"
        className="ui-button chat__toggle"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? <Trans>Close chat</Trans> : <Trans>Need help?</Trans>}
      </button>
    </div>
  );
}
