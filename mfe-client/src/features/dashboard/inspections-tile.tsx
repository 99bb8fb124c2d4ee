import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { pathFor } from 'shared/routing';
import { Skeleton } from '../common/states';
import { expertToDo } from '../common/escrow-figures';
import { Tile } from './tile';
import { TileFailure } from './tile-failure';
import { useContracts } from './use-contracts';

/** An expert's work: milestones waiting for their inspection or estimate. */
export function InspectionsTile() {
  const { t } = useLingui();
  const contracts = useContracts();
  if (contracts.status === 'error' && !contracts.data) {
    return (
      <Tile title={t`Inspections to do`}>
        <TileFailure onRetry={() => void contracts.refetch()} />
      </Tile>
    );
  }
  if (!contracts.data) {
    return (
      <Tile title={t`Inspections to do`}>
        <Skeleton count={1} variant="line" />
      </Tile>
    );
  }
  const list = contracts.data.filter((contract) => contract.my_role === 'expert');
  const count = list.reduce((sum, contract) => sum + expertToDo(contract).length, 0);
  return (
    <Tile title={t`Inspections to do`} value={count}>
      {list.length === 0 ? (
        <p className="client-muted">
          <Trans>No contract is assigned to you yet. When one is, its milestones to inspect appear here.</Trans>
        </p>
      ) : (
        <>
          <p className="client-muted">
            {count === 0 ? <Trans>Nothing to inspect right now.</Trans> : <Trans>Milestones wait for your inspection or estimate.</Trans>}
          </p>
          <Link to={pathFor('main.escrow')}>
            <Trans>See your inspections</Trans>
          </Link>
        </>
      )}
    </Tile>
  );
}
