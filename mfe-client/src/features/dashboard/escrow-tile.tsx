import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { pathFor } from 'shared/routing';
import { Skeleton } from '../common/states';
import { myTurn, totalsByCurrency } from '../common/escrow-figures';
import { MoneyTotals } from '../common/money-totals';
import { Tile } from './tile';
import { TileFailure } from './tile-failure';
import { useContracts } from './use-contracts';

/** The client's escrow: what is held, per currency, and how many steps wait on them. */
export function EscrowTile() {
  const { t } = useLingui();
  const contracts = useContracts();
  if (contracts.status === 'error' && !contracts.data) {
    return (
      <Tile title={t`Escrow`}>
        <TileFailure onRetry={() => void contracts.refetch()} />
      </Tile>
    );
  }
  if (!contracts.data) {
    return (
      <Tile title={t`Escrow`}>
        <Skeleton count={1} variant="line" />
      </Tile>
    );
  }
  const list = contracts.data.filter((contract) => contract.my_role === 'client');
  if (list.length === 0) {
    return (
      <Tile title={t`Escrow`}>
        <p className="client-muted">
          <Trans>Escrow starts when you select a quote: you fund each milestone, and nothing is held for you yet.</Trans>
        </p>
      </Tile>
    );
  }
  const actions = list.reduce((sum, contract) => sum + myTurn(contract).length + (contract.can_review ? 1 : 0), 0);
  return (
    <Tile title={t`Held in escrow`} value={<MoneyTotals totals={totalsByCurrency(list, (contract) => contract.account.held)} />}>
      <p className="client-muted">
        {actions === 0 ? (
          <Trans>Nothing waits on you.</Trans>
        ) : actions === 1 ? (
          <Trans>1 next action waits on you.</Trans>
        ) : (
          <Trans>{actions} next actions wait on you.</Trans>
        )}
      </p>
      <Link to={pathFor('main.escrow')}>
        <Trans>Open escrow</Trans>
      </Link>
    </Tile>
  );
}
