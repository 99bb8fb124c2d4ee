import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { pathFor } from 'shared/routing';
import { Skeleton } from '../common/states';
import { heldForContractor, totalsByCurrency } from '../common/escrow-figures';
import { MoneyTotals } from '../common/money-totals';
import { Tile } from './tile';
import { TileFailure } from './tile-failure';
import { useContracts } from './use-contracts';

/** A specialist's money: paid out so far, and still held in escrow for them. */
export function PayoutsTile() {
  const { t } = useLingui();
  const contracts = useContracts();
  if (contracts.status === 'error' && !contracts.data) {
    return (
      <Tile title={t`Payouts`}>
        <TileFailure onRetry={() => void contracts.refetch()} />
      </Tile>
    );
  }
  if (!contracts.data) {
    return (
      <Tile title={t`Payouts`}>
        <Skeleton count={1} variant="line" />
      </Tile>
    );
  }
  const list = contracts.data.filter((contract) => contract.my_role === 'contractor');
  if (list.length === 0) {
    return (
      <Tile title={t`Payouts`}>
        <p className="client-muted">
          <Trans>Payouts start with escrow: each milestone is paid once approved. Nothing is due to you yet.</Trans>
        </p>
      </Tile>
    );
  }
  return (
    <Tile title={t`Payouts`}>
      <dl className="client-facts">
        <div>
          <dt>{t`Paid to you`}</dt>
          <dd>
            <MoneyTotals totals={totalsByCurrency(list, (contract) => contract.account.released)} />
          </dd>
        </div>
        <div>
          <dt>{t`Held for you`}</dt>
          <dd>
            <MoneyTotals totals={totalsByCurrency(list, heldForContractor)} />
          </dd>
        </div>
      </dl>
      <Link to={pathFor('main.escrow')}>
        <Trans>See your payouts</Trans>
      </Link>
    </Tile>
  );
}
