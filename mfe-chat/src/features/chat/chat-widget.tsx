import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { AGENT_OPTION, TOPICS } from './content';
import { messagingNumber, messagingUrl, openMessagingApp } from './messaging-link';
import { useConversation } from './use-conversation';

/** Where the widget sits: in a slot the page positions (`inline`), or fixed to a corner of the viewport. */
export type ChatPlacement = 'inline' | 'bottom-right' | 'bottom-left';

export interface ChatWidgetProps {
  /** The messaging app number "Talk to an agent" opens (configuration); empty or invalid, that option is disabled. */
  phone: string;
  placement?: ChatPlacement;
  /** Opens at once: the visitor pressed a launcher that stood in for this one while it loaded. */
  defaultOpen?: boolean;
  /** Whether the panel is open, for a page that drives it (the embed's commands); left out, the widget keeps its own state. */
  open?: boolean;
  /** The visitor opened or closed the panel. */
  onOpenChange?: (open: boolean) => void;
  /** The visitor asked a question (its id in content.ts). */
  onQuestion?: (id: string) => void;
  /** Called with the messaging app's address just before it opens. */
  onAgent?: (url: string) => void;
  /** Where the answers' links point: the product's origin when the chat is on another site; the page's own otherwise. */
  siteUrl?: string;
}

/**
 * Floating support chat, closed by default. Its texts come from the i18n
 * instance in context, so the same component serves the site (the shell's
 * instance), the embed and the standalone page (their own instance).
 */
export function ChatWidget({
  phone,
  placement = 'inline',
  defaultOpen = false,
  open: openProp,
  onOpenChange,
  onQuestion,
  onAgent,
  siteUrl,
}: ChatWidgetProps) {
  const { i18n, t } = useLingui();
  const [openState, setOpenState] = useState(defaultOpen);
  const open = openProp ?? openState;
  const setOpen = (value: boolean) => {
    setOpenState(value);
    onOpenChange?.(value);
  };
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const panelId = useId();
  // Named with aria-label rather than aria-labelledby: some assistive tools do not resolve ids inside a shadow root.
  const title = t`Fundament support`;

  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLElement>('[data-chat-option]')?.focus();
  }, [open]);

  const aside = useTypingInPage();

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      close();
    }
  };

  return (
    // Escape pressed on any control inside bubbles up here and closes the panel; the wrapper itself takes no focus.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div className={`chat chat--${placement}${aside && !open ? ' chat--aside' : ''}`} onKeyDown={onKeyDown}>
      {/* Each opening starts a fresh conversation on the welcome message (spec). */}
      {open && (
        <section ref={panelRef} id={panelId} className="chat__panel" role="dialog" aria-label={title}>
          <header className="chat__header">
            <div>
              <h2 className="chat__title">{title}</h2>
              <p className="chat__subtitle">
                <Trans>We usually reply within a few minutes</Trans>
              </p>
            </div>
            <button type="button" className="chat__close" aria-label={t`Close chat`} onClick={close}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
              </svg>
            </button>
          </header>
          {/* A new locale starts a new conversation (spec): the key remounts it. */}
          <ConversationView
            key={i18n.locale}
            siteUrl={siteUrl}
            onQuestion={onQuestion}
            onAgent={
              messagingNumber(phone)
                ? (text) => {
                    const url = messagingUrl(phone, text)!;
                    onAgent?.(url);
                    openMessagingApp(url);
                    close();
                  }
                : undefined
            }
          />
        </section>
      )}
      <button
        ref={toggleRef}
        type="button"
        className="chat__toggle"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4h0A1.5 1.5 0 0 1 4 14.5z"
            fill="currentColor"
          />
        </svg>
        <span className="chat__toggle-label">{open ? <Trans>Close chat</Trans> : <Trans>Need help?</Trans>}</span>
      </button>
    </div>
  );
}

/** Fields a person types into; a button or a link taking focus is no reason to move. */
const TEXT_ENTRY = 'input:not([type=button]):not([type=submit]):not([type=checkbox]):not([type=radio]), textarea, select, [contenteditable="true"]';

/**
 * Whether the visitor is typing in the page (not in the chat): on a phone the launcher then steps
 * aside (chat.shadow.css), so it never sits on the field or on the button that follows it.
 */
function useTypingInPage(): boolean {
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    const update = () => {
      const active = document.activeElement;
      // Focus inside a shadow root (the chat's own) shows as its host, never as the page's field.
      setTyping(active instanceof HTMLElement && !active.shadowRoot && !active.closest('.chat') && active.matches(TEXT_ENTRY));
    };
    // Focus moving from one field to the next passes through the body: read where it landed.
    const later = () => setTimeout(update);
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', later);
    return () => {
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', later);
    };
  }, []);
  return typing;
}

interface ConversationViewProps {
  /** Opens the messaging app with this text and closes the chat; absent when no valid number is configured. */
  onAgent?: (text: string) => void;
  onQuestion?: (id: string) => void;
  siteUrl?: string;
}

/** An answer's link: on the product's own origin, and in a new tab when the chat sits on another site. */
function linkProps(path: string, siteUrl: string | undefined) {
  return siteUrl ? { href: new URL(path, siteUrl).href, target: '_blank', rel: 'noopener noreferrer' } : { href: path };
}

function ConversationView({ onAgent, onQuestion, siteUrl }: ConversationViewProps) {
  const { i18n, t } = useLingui();
  const { messages, topic, questions, waiting, chooseTopic, ask, reset } = useConversation();
  const logRef = useRef<HTMLDivElement>(null);
  const optionsRef = useRef<HTMLDivElement>(null);
  // Only the visitor's own actions move focus: a reset caused by a language switch elsewhere must not.
  const [focusRequest, setFocusRequest] = useState(0);

  useLayoutEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length, waiting]);

  useEffect(() => {
    if (focusRequest > 0) optionsRef.current?.querySelector<HTMLElement>('[data-chat-option]')?.focus();
  }, [focusRequest]);

  const unavailableId = useId();
  const requestFocus = () => setFocusRequest((n) => n + 1);
  const topicLabel = topic ? i18n._(topic.label) : '';

  return (
    <>
      <div ref={logRef} className="chat__log" role="log" aria-live="polite" aria-label={t`Conversation`}>
        {messages.map((message) => (
          <p key={message.id} className={`chat__message chat__message--${message.type}`}>
            <span className="chat__sr">{message.type === 'sent' ? t`You:` : t`Support:`} </span>
            {i18n._(message.text)}
            {message.link && (
              <>
                {' '}
                <a className="chat__link" {...linkProps(message.link.path, siteUrl)}>
                  {i18n._(message.link.label)}
                </a>
              </>
            )}
          </p>
        ))}
        {waiting && (
          <p className="chat__typing" aria-hidden="true">
            <span />
            <span />
            <span />
          </p>
        )}
      </div>
      <div ref={optionsRef} className="chat__options" role="group" aria-label={topic ? topicLabel : t`Choose a topic`}>
        {topic ? (
          <>
            {questions.map((question) => (
              <button
                key={question.id}
                type="button"
                className="chat__option"
                data-chat-option=""
                onClick={() => {
                  ask(question);
                  onQuestion?.(question.id);
                  requestFocus();
                }}
              >
                {i18n._(question.question)}
              </button>
            ))}
            <div className="chat__actions">
              <button
                type="button"
                className="chat__back"
                data-chat-option=""
                onClick={() => {
                  reset();
                  requestFocus();
                }}
              >
                <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                  <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
                </svg>
                <Trans>Back</Trans>
              </button>
              <button
                type="button"
                className="chat__agent chat__agent--small"
                disabled={!onAgent}
                onClick={() => onAgent?.(t`Hello Fundament support, I need help with: ${topicLabel}`)}
              >
                {i18n._(AGENT_OPTION)}
              </button>
            </div>
          </>
        ) : (
          <>
            {TOPICS.map((candidate) => (
              <button
                key={candidate.id}
                type="button"
                className="chat__option"
                data-chat-option=""
                onClick={() => {
                  chooseTopic(candidate.id);
                  requestFocus();
                }}
              >
                {i18n._(candidate.label)}
              </button>
            ))}
            <button
              type="button"
              className="chat__agent"
              data-chat-option=""
              disabled={!onAgent}
              aria-describedby={onAgent ? undefined : unavailableId}
              onClick={() => onAgent?.(t`Hello Fundament support, I need help.`)}
            >
              {i18n._(AGENT_OPTION)}
            </button>
          </>
        )}
        {!onAgent && (
          <p id={unavailableId} className="chat__note">
            <Trans>Talking to an agent is not available at the moment.</Trans>
          </p>
        )}
      </div>
    </>
  );
}
