import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { preloadRemoteModule } from '../common/load-remote-module';
import { RemoteSlot } from '../common/remote-slot';
import { takeEarlyPress } from '../common/early-presses';
import { useAfterIdle } from './use-after-idle';

interface ChatPlaceholderProps {
  onOpen: () => void;
}

/** Names the launcher's press made before the shell ran (early-presses). */
const EARLY_PRESS = 'chat';

/**
 * The chat's launcher as the shell draws it, in the chat's place and look,
 * until the chat itself has loaded: the first paint carries none of the
 * chat's code. Pointing at it or focusing it starts the load; pressing it
 * opens the chat as soon as it is there, even when it was pressed on the
 * prerendered page before the shell had taken it over.
 */
function ChatPlaceholder({ onOpen }: ChatPlaceholderProps) {
  const { t } = useLingui();
  const warm = () => preloadRemoteModule('mfe_chat', 'Widget');
  return (
    <button
      type="button"
      className="chat-launcher"
      aria-expanded={false}
      data-early-press={EARLY_PRESS}
      onPointerEnter={warm}
      onFocus={warm}
      onClick={onOpen}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4h0A1.5 1.5 0 0 1 4 14.5z"
          fill="currentColor"
        />
      </svg>
      <span className="chat-launcher__label">{t`Need help?`}</span>
    </button>
  );
}

/** The support chat: loaded once the page is idle, or at once when the visitor asks for it. */
export function ChatLauncher() {
  const idle = useAfterIdle();
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (takeEarlyPress(EARLY_PRESS)) setAsked(true);
  }, []);
  const placeholder = <ChatPlaceholder onOpen={() => setAsked(true)} />;
  if (!idle && !asked) return placeholder;
  return <RemoteSlot remote="mfe_chat" exposed="Widget" variant="widget" loading={placeholder} props={{ defaultOpen: asked }} />;
}
