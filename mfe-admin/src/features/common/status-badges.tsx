import { Trans, useLingui } from '@lingui/react/macro';
import type { AdminUser } from 'shared/contract';
import { VERIFICATION_STATES } from './labels';

/** The verification badge and, when it applies, the suspension badge of an account. */
export function StatusBadges({ user }: { user: Pick<AdminUser, 'verification_state' | 'status'> }) {
  const { t } = useLingui();
  return (
    <span className="admin-badges">
      {user.verification_state && (
        <span className={`admin-badge admin-badge--${user.verification_state}`}>
          {user.verification_state === 'verified' && <span aria-hidden="true">✓ </span>}
          {t(VERIFICATION_STATES[user.verification_state])}
        </span>
      )}
      {user.status === 'suspended' && (
        <span className="admin-badge admin-badge--suspended">
          <Trans>Suspended</Trans>
        </span>
      )}
    </span>
  );
}
