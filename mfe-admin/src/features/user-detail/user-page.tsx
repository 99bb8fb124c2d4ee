import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from 'shared/query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'react-router-dom';
import { isApiError } from 'shared/api';
import { countryName } from 'shared/i18n';
import { pathFor } from 'shared/routing';
import { notify, SOMETHING_WENT_WRONG, Spinner } from 'shared/ui';
import { adminCalls } from '../common/api/admin-api';
import type { UserDetail } from 'shared/contract';
import { AuditList } from '../common/audit-list';
import { formatDate, formatDateTime } from '../common/format';
import { ROLE_NAMES } from '../common/labels';
import { LoadError } from '../common/load-error';
import { ReasonDialog } from '../common/reason-dialog';
import { StatusBadges } from '../common/status-badges';
import '../common/styles';
import { VerificationChecklist } from './verification-checklist';

type Dialog = 'suspend' | 'reactivate' | 'revoke' | null;

/** The dashboard an account belongs to, for the way back. */
function listRoute(user: UserDetail) {
  if (user.account_type === 'client') return { path: pathFor('admin.clients'), label: <Trans>Back to clients</Trans> };
  if (user.specialist_kind === 'expert') return { path: pathFor('admin.assessors'), label: <Trans>Back to experts</Trans> };
  return { path: pathFor('admin.contractors'), label: <Trans>Back to contractors</Trans> };
}

/** One account: details, verification file, suspension, and its audit trail. */
export function UserPage() {
  const { t, i18n } = useLingui();
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const detail = useQuery({ queryKey: queryKeys.admin.users.detail(id), queryFn: ({ signal }) => adminCalls.user(id, signal) });
  // What an action answered is the account now; the lists and counts that show it are read again.
  const changed = (updated: UserDetail) => {
    queryClient.setQueryData(queryKeys.admin.users.detail(id), updated);
    void queryClient.invalidateQueries({ queryKey: queryKeys.admin.users.all, predicate: (query) => query.queryKey[2] !== 'detail' });
  };
  const [dialog, setDialog] = useState<Dialog>(null);

  if (detail.error && !detail.data) {
    return (
      <div className="ui-page">
        <div className="ui-container admin-page">
          <h1 className="admin-page__title">
            <Trans>Account</Trans>
          </h1>
          <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
        </div>
      </div>
    );
  }
  const user = detail.data;
  if (!user) return <Spinner />;

  const back = listRoute(user);
  const name = `${user.first_name} ${user.last_name}`;
  const failure = (error: unknown) =>
    notify.error(isApiError(error) && error.kind === 'http' && error.status < 500 ? error.message : t(SOMETHING_WENT_WRONG));
  const run = async (action: () => Promise<UserDetail>, success: string) => {
    try {
      changed(await action());
      notify.success(success);
      setDialog(null);
    } catch (error) {
      failure(error);
    }
  };
  const verifiedBy = user.verified_by?.name ?? '';
  const verifiedAt = formatDateTime(user.verified_at, i18n.locale);
  const suspendedAt = formatDateTime(user.suspended_at, i18n.locale);
  const reason = user.suspension_reason ?? '';

  return (
    <div className="ui-page">
      <div className="ui-container admin-page">
        <p className="admin-back">
          <Link to={back.path}>
            <span aria-hidden="true">← </span>
            {back.label}
          </Link>
        </p>
        <header className="admin-user__header">
          <div>
            <h1 className="admin-page__title">{name}</h1>
            <StatusBadges user={user} />
          </div>
          <div className="admin-user__actions">
            {user.verified && (
              <button type="button" className="ui-button ui-button--ghost" onClick={() => setDialog('revoke')}>
                <Trans>Revoke verification</Trans>
              </button>
            )}
            {user.status === 'active' ? (
              <button type="button" className="ui-button admin-button--danger" onClick={() => setDialog('suspend')}>
                <Trans>Suspend account</Trans>
              </button>
            ) : (
              <button type="button" className="ui-button" onClick={() => setDialog('reactivate')}>
                <Trans>Reactivate account</Trans>
              </button>
            )}
          </div>
        </header>

        {user.status === 'suspended' && (
          <p className="admin-notice admin-notice--danger">
            <Trans>
              Suspended on {suspendedAt}: {reason}
            </Trans>
          </p>
        )}
        {user.verified && (
          <p className="admin-notice admin-notice--success">
            <Trans>
              Verified by {verifiedBy} on {verifiedAt}. This specialist receives project requests.
            </Trans>
          </p>
        )}

        <section className="ui-card admin-user__facts" aria-labelledby="account-facts">
          <h2 id="account-facts" className="admin-section-title">
            <Trans>Account</Trans>
          </h2>
          <dl className="admin-facts">
            <div>
              <dt>
                <Trans>Kind</Trans>
              </dt>
              <dd>{user.role && ROLE_NAMES[user.role] ? t(ROLE_NAMES[user.role]!) : user.role}</dd>
            </div>
            {user.company_name && (
              <div>
                <dt>
                  <Trans>Company</Trans>
                </dt>
                <dd>{user.company_name}</dd>
              </div>
            )}
            <div>
              <dt>
                <Trans>Email</Trans>
              </dt>
              <dd>
                <a href={`mailto:${user.email}`}>{user.email}</a>{' '}
                {user.email_verified ? (
                  <span className="admin-muted">
                    <Trans>(confirmed)</Trans>
                  </span>
                ) : (
                  <span className="admin-muted">
                    <Trans>(not confirmed)</Trans>
                  </span>
                )}
              </dd>
            </div>
            <div>
              <dt>
                <Trans>Phone</Trans>
              </dt>
              <dd>{user.phone_number || '—'}</dd>
            </div>
            <div>
              <dt>
                <Trans>Location</Trans>
              </dt>
              <dd>{[user.city, countryName(user.country, i18n.locale)].filter(Boolean).join(', ') || '—'}</dd>
            </div>
            <div>
              <dt>
                <Trans>Joined</Trans>
              </dt>
              <dd>{formatDate(user.created_at, i18n.locale)}</dd>
            </div>
          </dl>
        </section>

        {user.verification && <VerificationChecklist user={user} verification={user.verification} onChange={changed} />}

        <section className="admin-history" aria-labelledby="account-history">
          <h2 id="account-history" className="admin-section-title">
            <Trans>History</Trans>
          </h2>
          {user.audit.length === 0 ? (
            <p className="admin-muted">
              <Trans>No admin action on this account yet.</Trans>
            </p>
          ) : (
            <AuditList entries={user.audit} showTarget={false} />
          )}
          <p>
            <Link to={`${pathFor('admin.audit')}?target=${encodeURIComponent(user.id)}`}>
              <Trans>Open in the audit trail</Trans>
            </Link>
          </p>
        </section>

        {dialog === 'suspend' && (
          <ReasonDialog
            title={<Trans>Suspend {name}?</Trans>}
            description={<Trans>The account is signed out everywhere at once and cannot sign in until it is reactivated.</Trans>}
            confirmLabel={t`Suspend account`}
            withReason
            danger
            onClose={() => setDialog(null)}
            onConfirm={(text) => run(() => adminCalls.suspend(user.id, text), t`The account is suspended.`)}
          />
        )}
        {dialog === 'reactivate' && (
          <ReasonDialog
            title={<Trans>Reactivate {name}?</Trans>}
            description={<Trans>The account can sign in again.</Trans>}
            confirmLabel={t`Reactivate account`}
            withReason={false}
            onClose={() => setDialog(null)}
            onConfirm={() => run(() => adminCalls.reactivate(user.id), t`The account is active again.`)}
          />
        )}
        {dialog === 'revoke' && (
          <ReasonDialog
            title={<Trans>Revoke the verification of {name}?</Trans>}
            description={<Trans>The specialist loses the verified badge and stops receiving project requests.</Trans>}
            confirmLabel={t`Revoke verification`}
            withReason
            danger
            onClose={() => setDialog(null)}
            onConfirm={(text) => run(() => adminCalls.revoke(user.id, text), t`The verification is revoked.`)}
          />
        )}
      </div>
    </div>
  );
}
