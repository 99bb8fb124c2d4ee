import { Trans, useLingui } from '@lingui/react/macro';
import { useParams } from 'react-router-dom';
import { Spinner } from 'shared/ui';
import { escrowCalls } from '../api/escrow-api';
import { LoadError } from '../common/load-error';
import { useLoad } from '../common/use-load';
import '../common/styles';
import { DisputeDetail } from './dispute-detail';

/** One dispute: why it was opened, the evidence, the conversation, and the admin's mediation and resolution. */
export function DisputePage() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const detail = useLoad(id, () => escrowCalls.dispute(id));

  if (detail.error && !detail.data) {
    return (
      <div className="ui-page">
        <div className="ui-container admin-page">
          <h1 className="admin-page__title">
            <Trans>Dispute</Trans>
          </h1>
          <LoadError error={detail.error} onRetry={detail.reload} />
        </div>
      </div>
    );
  }
  if (!detail.data) return <Spinner label={t`Loading the dispute…`} />;
  return <DisputeDetail dispute={detail.data} onChange={detail.setData} />;
}
