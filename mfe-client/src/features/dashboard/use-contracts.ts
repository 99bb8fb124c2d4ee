import { useResource } from '../common/use-resource';
import { listContracts } from '../escrow/api/list-contracts';

/** The contracts behind the escrow tiles; a tile fails on its own without taking the dashboard down. */
export function useContracts() {
  return useResource('dashboard-contracts', listContracts);
}
