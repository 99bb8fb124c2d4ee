import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from 'shared/query';
import { useParams } from 'react-router-dom';
import { Spinner } from 'shared/ui';
import { escrowCalls } from '../common/api/escrow-api';
import { LoadError } from '../common/load-error';
import '../common/styles';
import { DisputeDetail } from './dispute-detail';

/** One dispute: why it was opened, the evidence, the conversation, and the admin's mediation and resolution. */
export function DisputePage() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const detail = useQuery({ queryKey: queryKeys.admin.escrow.dispute(id), queryFn: ({ signal }) => escrowCalls.dispute(id, signal) });

  if (detail.error && !detail.data) {
    return (
      <div className="ui-page">
        <div className="ui-container admin-page">
          <h1 className="admin-page__title">
            <Trans>Dispute</Trans>
          </h1>
          <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
        </div>
      </div>
    );
  }
  if (!detail.data) return <Spinner label={t`Loading the dispute…`} />;
  return (
    <DisputeDetail
      dispute={detail.data}
      onChange={(updated) => {
        queryClient.setQueryData(queryKeys.admin.escrow.dispute(id), updated);
        // A mediation or a resolution moves the queue, the contract and its money.
        void queryClient.invalidateQueries({ queryKey: queryKeys.admin.escrow.all, predicate: (query) => query.queryKey[2] !== 'dispute' });
      }}
    />
  );
}
