import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from 'react-router-dom';
import { countryName } from 'shared/i18n';
import type { AdminUser, UserRole } from 'shared/contract';
import { formatDate } from '../common/format';
import { ROLE_NAMES } from '../common/labels';
import { userPath } from '../common/paths';
import { StatusBadges } from '../common/status-badges';
import type { ListParams, SortField } from './use-list-params';

interface UsersTableProps {
  role: UserRole;
  users: AdminUser[];
  caption: string;
  params: ListParams;
  onSort: (sort: SortField, order: 'asc' | 'desc') => void;
  /** Extra column (the experts' workload), keyed by user id. */
  extra?: { header: ReactNode; /** The cell's name on a phone, where each row is a card. */ label: string; cell: (user: AdminUser) => ReactNode };
}

function SortHeader({
  field,
  params,
  onSort,
  children,
}: {
  field: SortField;
  params: ListParams;
  onSort: UsersTableProps['onSort'];
  children: ReactNode;
}) {
  const active = params.sort === field;
  const direction = active ? (params.order === 'asc' ? 'ascending' : 'descending') : 'none';
  const next = () => {
    if (active) onSort(field, params.order === 'asc' ? 'desc' : 'asc');
    // Newest first is the natural start for dates; A to Z for names and addresses.
    else onSort(field, field === 'created_at' ? 'desc' : 'asc');
  };
  return (
    <th scope="col" aria-sort={direction}>
      <button type="button" className="admin-sort" onClick={next}>
        {children}
        <span className="admin-sort__icon" aria-hidden="true">
          {active ? (params.order === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}

/** One page of accounts; the name opens the account, and so does a click anywhere on the row. */
export function UsersTable({ role, users, caption, params, onSort, extra }: UsersTableProps) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const specialists = role !== 'clients';
  return (
    <div className="admin-table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="admin-table admin-table--stack admin-table--sortable">
        <caption className="ui-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <SortHeader field="name" params={params} onSort={onSort}>
              <Trans>Name</Trans>
            </SortHeader>
            <SortHeader field="email" params={params} onSort={onSort}>
              <Trans>Email</Trans>
            </SortHeader>
            {specialists ? (
              <th scope="col">
                <Trans>Kind</Trans>
              </th>
            ) : (
              <th scope="col">
                <Trans>Phone</Trans>
              </th>
            )}
            <th scope="col">
              <Trans>Location</Trans>
            </th>
            <th scope="col">
              <Trans>Status</Trans>
            </th>
            {extra && <th scope="col">{extra.header}</th>}
            <SortHeader field="created_at" params={params} onSort={onSort}>
              <Trans>Joined</Trans>
            </SortHeader>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id} className="admin-table__row" onClick={() => navigate(userPath(user.id))}>
              <th scope="row">
                <Link to={userPath(user.id)} onClick={(event) => event.stopPropagation()}>
                  {user.first_name} {user.last_name}
                </Link>
                {user.company_name && <span className="admin-table__company">{user.company_name}</span>}
              </th>
              <td data-label={t`Email`} className="admin-table__email">
                {user.email}
              </td>
              <td data-label={specialists ? t`Kind` : t`Phone`}>
                {specialists ? (user.role && ROLE_NAMES[user.role] ? t(ROLE_NAMES[user.role]!) : user.role) : user.phone_number}
              </td>
              <td data-label={t`Location`}>{[user.city, countryName(user.country, i18n.locale)].filter(Boolean).join(', ')}</td>
              <td data-label={t`Status`}>
                <StatusBadges user={user} />
                {!user.verification_state && user.status === 'active' && <Trans>Active</Trans>}
              </td>
              {extra && <td data-label={extra.label}>{extra.cell(user)}</td>}
              <td data-label={t`Joined`}>{formatDate(user.created_at, i18n.locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
