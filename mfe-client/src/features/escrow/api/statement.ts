import * as v from 'valibot';
import { api, apiBaseUrl, send } from 'shared/api';
import { downloadDocument } from '../../common/api/download-document';
import { StatementSchema, type Statement } from 'shared/contract';
import { contractPath } from '../../common/api/get-contract';

/** `GET /contracts/:id/statement`: every movement of the contract's escrow account with the balance after it. */
export async function getStatement(contractId: string, signal?: AbortSignal): Promise<Statement> {
  return v.parse(StatementSchema, await send(api.get(`${contractPath(contractId)}/statement`, { signal })));
}

/** The same statement as a CSV attachment, fetched with the bearer token. */
export function downloadStatementCsv(contractId: string): Promise<void> {
  return downloadDocument(`${apiBaseUrl()}/${contractPath(contractId)}/statement?format=csv`, `statement-${contractId}.csv`);
}
