import { CatalogGate } from 'shared/i18n';
import { CATALOG_NAME, loadCatalog } from './catalog';
import { ChatWidget } from '../features/chat/chat-widget';

/** The support chat as the shell mounts it: sharing the page's React, locale and toaster. */
export default function Widget() {
  return (
    <CatalogGate name={CATALOG_NAME} load={loadCatalog}>
      <ChatWidget />
    </CatalogGate>
  );
}
