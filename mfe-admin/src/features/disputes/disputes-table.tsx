import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from 'react-router-dom';
import { pathFor } from 'shared/routing';
import type { DisputeView } from 'shared/contract';
import { EscrowBadge } from '../common/escrow-badge';
import { DISPUTE_STATUS, PARTY_ROLE_LABELS } from '../common/escrow-labels';
import { formatDate } from '../common/format';
import { ArbitrationWindow } from './arbitration-window';
import { isOverdue } from './deadline';
import { RespondBy } from './respond-by';

export const disputePath = (id: string) => pathFor('admin.dispute', { id });

/** The dispute queue; the project opens the dispute, and so does a click on the row. */
export function DisputesTable({ disputes, caption }: { disputes: DisputeView[]; caption: string }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  return (
    <div className="admin-table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="admin-table">
        <caption className="ui-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Contract</Trans>
            </th>
            <th scope="col">
              <Trans>Milestone</Trans>
            </th>
            <th scope="col">
              <Trans>Opened by</Trans>
            </th>
            <th scope="col">
              <Trans>Opened</Trans>
            </th>
            <th scope="col">
              <Trans>Respond by</Trans>
            </th>
            <th scope="col">
              <Trans>Arbitration window</Trans>
            </th>
            <th scope="col">
              <Trans>Status</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {disputes.map((dispute) => {
            const status = DISPUTE_STATUS[dispute.status];
            const client = dispute.contract.client_name;
            const contractor = dispute.contract.contractor_name;
            return (
              <tr
                key={dispute.id}
                className={`admin-table__row${isOverdue(dispute) ? ' admin-table__row--overdue' : ''}`}
                onClick={() => navigate(disputePath(dispute.id))}
              >
                <th scope="row">
                  <Link to={disputePath(dispute.id)} onClick={(event) => event.stopPropagation()}>
                    {dispute.contract.project_title}
                  </Link>
                  <span className="admin-table__company">
                    <Trans>
                      {client} and {contractor}
                    </Trans>
                  </span>
                </th>
                <td>
                  {dispute.milestone_position}. {dispute.milestone_title}
                </td>
                <td>
                  {dispute.opened_by.name}
                  <span className="admin-table__company">{t(PARTY_ROLE_LABELS[dispute.opened_by.role])}</span>
                </td>
                <td>{formatDate(dispute.opened_at, i18n.locale)}</td>
                <td>
                  <RespondBy dispute={dispute} />
                </td>
                <td>
                  <ArbitrationWindow dispute={dispute} />
                </td>
                <td>
                  <EscrowBadge tone={status.tone}>{t(status.label)}</EscrowBadge>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
