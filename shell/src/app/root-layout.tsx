import { Suspense, useCallback, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { Toaster } from 'react-hot-toast';
import { useLingui } from '@lingui/react/macro';
import { adminUserAtom, clientUserAtom } from 'shared/session';
import { NOTIFICATION_DURATION_MS } from 'shared/ui';
import { ChatLauncher } from '../features/chat/chat-launcher';
import { chatClearance } from '../features/chat/chat-clearance';
import { useScrollToTopOnNavigate } from '../features/routing/use-scroll-to-top-on-navigate';
import { useDocumentTitle } from '../features/routing/use-document-title';
import { AdminHeader } from '../features/chrome/admin-header';
import { ClientHeaderSlot } from '../features/chrome/client-header-loader';
import { GuestHeader } from '../features/chrome/guest-header';
import { SignInPrompt } from '../features/routing/sign-in-prompt';
import { ScrollTopButton } from '../features/chrome/scroll-top-button';
import { SiteFooter } from '../features/chrome/site-footer';
import { useHeaderHeight } from '../features/chrome/use-header-height';

/** The frame around every page: header for who is signed in, the page, footer, toasts, chat. */
export function RootLayout() {
  const { t } = useLingui();
  const client = useAtomValue(clientUserAtom);
  const admin = useAtomValue(adminUserAtom);
  useScrollToTopOnNavigate();
  useDocumentTitle();

  // The client's header may still be on its way (its own chunk): measure it once it is there.
  const [clientHeaderShown, setClientHeaderShown] = useState(false);
  const onClientHeaderShown = useCallback(() => setClientHeaderShown(true), []);

  // Spec §2: the guest chrome shows only when both states are exactly false.
  const header = client ? (
    <Suspense fallback={null}>
      <ClientHeaderSlot onShown={onClientHeaderShown} />
    </Suspense>
  ) : admin ? (
    <AdminHeader />
  ) : client === false && admin === false ? (
    <GuestHeader />
  ) : null;
  useHeaderHeight(client ? (clientHeaderShown ? 'client' : 'client-loading') : admin ? 'admin' : header ? 'guest' : 'none');

  return (
    <div className="app-frame">
      <a className="skip-link" href="#content">
        {t`Skip to content`}
      </a>
      {header}
      {client === false && admin === false && <SignInPrompt />}
      <main id="content" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      {/* The back office is a tool, not the shop front: no marketing footer and no customer chat there. */}
      {!admin && <SiteFooter />}
      <ScrollTopButton />
      {!admin && (
        <div className="chat-slot" ref={chatClearance}>
          <ChatLauncher />
        </div>
      )}
      {/* Under the sticky header, never over its Login or Sign out; the floating buttons own the bottom corner. */}
      <Toaster
        position="top-center"
        containerStyle={{ top: 'calc(var(--site-header-height, 76px) + 12px)' }}
        toastOptions={{ duration: NOTIFICATION_DURATION_MS }}
      />
    </div>
  );
}
