import { version, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { init, loadRemote } from '@module-federation/enhanced/runtime';

// The manifest's address: `?chat=` for a test or a preview, else the page's meta tag.
const manifest = new URLSearchParams(window.location.search).get('chat') ?? document.querySelector('meta[name="support-chat-manifest"]')?.content;
init({ name: 'foreign_host', remotes: [{ name: 'mfe_chat', entry: manifest }] });

/** Mounts the chat with the remote's own `mount` (its React, styles and catalogs come with it); unmounts on leaving. */
function SupportChat({ locale }) {
  const slot = useRef(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let unmount;
    let cancelled = false;
    loadRemote('mfe_chat/mount')
      .then((module) => {
        if (cancelled || !slot.current) return;
        unmount = module.mount(slot.current, {
          locale,
          onOpenChange: (open) => window.dispatchEvent(new CustomEvent('partner:chat', { detail: open ? 'open' : 'close' })),
        });
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      unmount?.();
    };
  }, [locale]);
  return failed ? <p role="status">The support chat is not available right now.</p> : <div ref={slot} />;
}

function Help() {
  const [locale, setLocale] = useState('en');
  return (
    <main>
      <h1>Help</h1>
      <p>Our support chat, from the Fundament remote.</p>
      <button type="button" onClick={() => setLocale(locale === 'en' ? 'fr' : 'en')}>
        {locale === 'en' ? 'Français' : 'English'}
      </button>
      <SupportChat locale={locale} />
    </main>
  );
}

function App() {
  return (
    <BrowserRouter>
      <header>
        <p>
          A partner's app on React <span data-testid="react-version">{version}</span>
        </p>
        <nav>
          <Link to="/">Home</Link> <Link to="/help">Help</Link>
        </nav>
      </header>
      <Routes>
        <Route path="/" element={<h1>Home</h1>} />
        <Route path="/help" element={<Help />} />
      </Routes>
    </BrowserRouter>
  );
}

createRoot(document.getElementById('root')).render(<App />);
