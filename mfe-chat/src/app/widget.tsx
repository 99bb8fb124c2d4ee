import { CatalogGate } from 'shared/i18n';
import { CONTACT } from 'shared/config';
import { CATALOG_NAME, loadCatalog } from './catalog';
import { ChatWidget } from '../features/chat/chat-widget';
import { ShadowFrame } from '../features/chat/shadow-frame';
import css from '../features/chat/chat.shadow.css';
import type { RemoteModules } from 'shared/federation';

/**
 * The support chat as the shell mounts it: the page's React and i18n
 * instance (so a language switch re-renders and resets it), drawn in a
 * shadow root so the site's styles and the widget's never meet.
 */
function Widget({ defaultOpen = false }: { defaultOpen?: boolean }) {
  return (
    <CatalogGate name={CATALOG_NAME} load={loadCatalog}>
      <ShadowFrame css={css}>
        <ChatWidget phone={CONTACT.messagingPhone} defaultOpen={defaultOpen} />
      </ShadowFrame>
    </CatalogGate>
  );
}

// What the shell loads as ./Widget: its shape is the federation contract's (shared/src/federation/contract.ts).
export default Widget satisfies RemoteModules['mfe_chat']['Widget'];
