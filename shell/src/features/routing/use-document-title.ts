import { useEffect } from 'react';
import { useLingui } from '@lingui/react';
import { routeTitle, useRouteName } from 'shared/routing';

/** Names the page in the browser tab after every navigation and language switch. */
export function useDocumentTitle(): void {
  const { i18n } = useLingui();
  const name = useRouteName();
  useEffect(() => {
    document.title = routeTitle(name, i18n);
  }, [name, i18n, i18n.locale]);
}
