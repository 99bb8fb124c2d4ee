import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';

/** Spec §9: the button appears once the page is scrolled 1000 px or more. */
export const SCROLL_TOP_THRESHOLD_PX = 1000;

export function ScrollTopButton() {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY >= SCROLL_TOP_THRESHOLD_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  if (!visible) return null;
  return (
    <button type="button" className="scroll-top" aria-label={t`Back to top`} onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M12 5.5 4.5 13l1.4 1.4L11 9.3V20h2V9.3l5.1 5.1 1.4-1.4z" />
      </svg>
    </button>
  );
}
