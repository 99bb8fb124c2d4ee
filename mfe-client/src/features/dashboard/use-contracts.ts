import { useQuery } from '@tanstack/react-query';
import { queryKeys } from 'shared/query';
import { listContracts } from '../common/api/list-contracts';

/** The contracts behind the escrow tiles, asked once for all of them; a tile fails on its own without taking the dashboard down. */
export function useContracts() {
  return useQuery({ queryKey: queryKeys.contracts.list(), queryFn: ({ signal }) => listContracts(signal) });
}
