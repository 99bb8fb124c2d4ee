import { useNavigate } from 'react-router-dom';
import { STORAGE_KEYS, browserStorage } from 'shared/session';

/** Only a path of this site: a stored value must never send the visitor to another host. */
function safePath(value: string | null): string | null {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : null;
}

function takeSaved(key: string): string | null {
  const storage = browserStorage();
  const value = storage.getItem(key);
  storage.removeItem(key);
  return safePath(value);
}

/** Spec §4: after a client signs in, reopen the page the guard saved (once), else the client area. */
export function useFinishClientSignIn() {
  const navigate = useNavigate();
  return () => navigate(takeSaved(STORAGE_KEYS.requestedClientPage) ?? '/main', { replace: true });
}

/** The admin variant: the saved admin page, else admin.clients. */
export function useFinishAdminSignIn() {
  const navigate = useNavigate();
  return () => navigate(takeSaved(STORAGE_KEYS.requestedAdminPage) ?? '/admin/clients', { replace: true });
}
