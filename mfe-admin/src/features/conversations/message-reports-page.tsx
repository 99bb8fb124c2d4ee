import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { MessageReportList } from 'shared/contract';
import { queryKeys } from 'shared/query';
import { pathFor } from 'shared/routing';
import { notify, SOMETHING_WENT_WRONG, Spinner } from 'shared/ui';
import { conversationCalls } from '../common/api/conversations-api';
import { messageAnchor, RecordedMessage } from '../common/conversation-record';
import { formatDateTime } from '../common/format';
import { LoadError } from '../common/load-error';
import { serverMessage } from '../common/server-message';
import '../common/styles';
import { HideMessageDialog } from './hide-message-dialog';

type Report = MessageReportList['data'][number];

function ReportItem({ report, onHide }: { report: Report; onHide: () => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [dismissing, setDismissing] = useState(false);
  const reporter = report.reported_by.name;
  const reportedAt = formatDateTime(report.reported_at, i18n.locale);
  const reason = report.reason;
  const projectTitle = report.project_title;
  const link = `${pathFor('admin.conversation', { id: report.conversation_id })}#${messageAnchor(report.message.id)}`;

  const dismiss = async () => {
    setDismissing(true);
    try {
      await conversationCalls.dismiss(report.id);
      notify.success(t`The report is dismissed; the message stays as it is.`);
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.conversations.all });
    } catch (error) {
      notify.error(serverMessage(error) ?? t(SOMETHING_WENT_WRONG));
    } finally {
      setDismissing(false);
    }
  };

  return (
    <li className="ui-card admin-report" aria-label={t`Report on ${projectTitle} by ${reporter}`}>
      <div className="admin-report__head">
        <h2 className="admin-report__title">{projectTitle}</h2>
        <p className="admin-muted admin-report__reason">
          <Trans>
            Reported by {reporter} on {reportedAt}
          </Trans>
        </p>
      </div>
      <p className="admin-report__reason">
        <strong>
          <Trans>Reason:</Trans>
        </strong>{' '}
        {reason}
      </p>
      <RecordedMessage message={report.message} />
      <div className="admin-report__actions">
        <Link to={link}>
          <Trans>Open the conversation</Trans>
        </Link>
        {!report.message.hidden && (
          <button type="button" className="ui-button admin-button--danger" onClick={onHide}>
            <Trans>Hide the message</Trans>
          </button>
        )}
        <button type="button" className="ui-button ui-button--ghost" disabled={dismissing} onClick={dismiss}>
          <Trans>Dismiss the report</Trans>
        </button>
      </div>
    </li>
  );
}

/** Messages the parties reported as abusive, oldest first: read them in their conversation, hide them with a reason, or dismiss the report. */
export function MessageReportsPage() {
  const { t } = useLingui();
  const [hiding, setHiding] = useState<Report | null>(null);
  const reports = useQuery({ queryKey: queryKeys.admin.conversations.reports(), queryFn: ({ signal }) => conversationCalls.reports(signal) });

  return (
    <div className="ui-page">
      <div className="ui-container admin-page">
        <header className="admin-page__header">
          <h1 className="admin-page__title">
            <Trans>Reported messages</Trans>
          </h1>
          <p className="admin-page__intro">
            <Trans>
              Messages a client or a specialist reported. A hidden message stays in the conversation’s record; the parties see that an admin hid it.
            </Trans>
          </p>
        </header>
        <section className="admin-results" aria-busy={reports.isFetching} aria-label={t`Reports waiting`}>
          {reports.error && !reports.data ? (
            <LoadError error={reports.error} onRetry={() => void reports.refetch()} />
          ) : !reports.data ? (
            <Spinner label={t`Loading the reports…`} />
          ) : reports.data.data.length === 0 ? (
            <div className="admin-state">
              <p>
                <Trans>No report is waiting.</Trans>
              </p>
            </div>
          ) : (
            <ul className="admin-reports">
              {reports.data.data.map((report) => (
                <ReportItem key={report.id} report={report} onHide={() => setHiding(report)} />
              ))}
            </ul>
          )}
        </section>
        {hiding && <HideMessageDialog messageId={hiding.message.id} senderName={hiding.message.sender.name} onClose={() => setHiding(null)} />}
      </div>
    </div>
  );
}
