import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { queryKeys } from 'shared/query';
import type { ContractView as Contract } from 'shared/contract';
import { getContract } from '../common/api/get-contract';

/** What the contract waits for now, read from the contract itself, so the project page never lags behind escrow. */
export function ContractProgress({ contractId }: { contractId: string }) {
  const contract = useQuery({ queryKey: queryKeys.contracts.detail(contractId), queryFn: ({ signal }) => getContract(contractId, signal) });
  // The contract page has the details; without its answer the link alone still leads there.
  if (!contract.data) return null;
  return (
    <p className="client-contract__next">
      <NextStep contract={contract.data} />
    </p>
  );
}

function NextStep({ contract }: { contract: Contract }) {
  if (contract.status === 'completed') return <Trans>The work is completed and every milestone is paid out.</Trans>;
  if (contract.status === 'terminated') return <Trans>This contract has ended.</Trans>;
  if (contract.frozen_reason === 'dispute') return <Trans>A dispute is being mediated: the escrow funds are frozen until it is resolved.</Trans>;
  if (contract.frozen_reason === 'insolvency')
    return <Trans>The contractor was declared insolvent: the escrow funds are ring-fenced while an expert estimates what is owed.</Trans>;
  const milestone = [...contract.milestones].sort((a, b) => a.position - b.position).find((item) => item.next.action !== 'none');
  if (!milestone) return <Trans>Every milestone is settled.</Trans>;
  const { position: n, title } = milestone;
  const client = contract.my_role === 'client';
  switch (milestone.next.action) {
    case 'fund':
      return client ? (
        <Trans>
          Next step: fund milestone {n}, “{title}”, in escrow.
        </Trans>
      ) : (
        <Trans>
          Waiting for the client to fund milestone {n}, “{title}”.
        </Trans>
      );
    case 'complete':
      return client ? (
        <Trans>
          Waiting for the contractor to finish milestone {n}, “{title}”.
        </Trans>
      ) : (
        <Trans>
          Next step: finish milestone {n}, “{title}”, and mark it complete.
        </Trans>
      );
    case 'assign_expert':
      return (
        <Trans>
          Waiting for an expert to be assigned to inspect milestone {n}, “{title}”.
        </Trans>
      );
    case 'inspect':
      return (
        <Trans>
          Waiting for the expert to inspect milestone {n}, “{title}”.
        </Trans>
      );
    case 'release':
      return client ? (
        <Trans>
          Milestone {n}, “{title}”, is approved: release its funds to the contractor.
        </Trans>
      ) : (
        <Trans>
          Milestone {n}, “{title}”, is approved: waiting for the client to release the funds.
        </Trans>
      );
    default:
      return (
        <Trans>
          Open the contract to see what milestone {n}, “{title}”, waits for.
        </Trans>
      );
  }
}
