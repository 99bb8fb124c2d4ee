import * as v from 'valibot';
import { adminApi, send, toApiError } from 'shared/api';
import {
  ContractPageSchema,
  ContractViewSchema,
  DisputeListSchema,
  DisputeViewSchema,
  EscrowSummarySchema,
  InsolvencyResultSchema,
  LedgerCheckSchema,
  SiteRecordSchema,
  StatementSchema,
  type ContractPage,
  type ContractStatus,
  type ContractView,
  type DisputeStatus,
  type DisputeView,
  type EscrowSummary,
  type LedgerCheck,
  type ResolveBody,
  type SiteRecord,
  type Statement,
} from 'shared/contract';

/** The filters of the back office's contract list, as its page holds them. */
export interface ContractListParams {
  status?: ContractStatus | '';
  needs?: 'expert' | '';
  page?: number;
}

const contract = (id: string) => `admin/contracts/${encodeURIComponent(id)}`;
const dispute = (id: string) => `admin/disputes/${encodeURIComponent(id)}`;

async function blob(path: string, searchParams?: Record<string, string>): Promise<Blob> {
  try {
    const response = await adminApi.get(path, searchParams ? { searchParams } : undefined);
    return await response.blob();
  } catch (error) {
    throw await toApiError(error);
  }
}

/** Escrow back office calls, signed with the admin token; every answer is checked before a page reads it. */
export const escrowCalls = {
  summary: async (signal?: AbortSignal): Promise<EscrowSummary> =>
    v.parse(EscrowSummarySchema, await send(adminApi.get('admin/escrow/summary', { signal }))),

  contracts: async (params: ContractListParams, signal?: AbortSignal): Promise<ContractPage> => {
    const searchParams: Record<string, string> = {};
    if (params.status) searchParams.status = params.status;
    if (params.needs) searchParams.needs = params.needs;
    if (params.page && params.page > 1) searchParams.page = String(params.page);
    return v.parse(ContractPageSchema, await send(adminApi.get('admin/contracts', { searchParams, signal })));
  },

  contract: async (id: string, signal?: AbortSignal): Promise<ContractView> =>
    v.parse(ContractViewSchema, await send(adminApi.get(contract(id), { signal }))),

  statement: async (id: string, signal?: AbortSignal): Promise<Statement> =>
    v.parse(StatementSchema, await send(adminApi.get(`${contract(id)}/statement`, { signal }))),

  statementCsv: (id: string): Promise<Blob> => blob(`${contract(id)}/statement`, { format: 'csv' }),

  /** A photo, report or evidence file of the contract (the link needs the admin token, so it is fetched, not opened). */
  /** The contract's timeline, change orders and chain head, read-only. */
  siteRecord: async (id: string, signal?: AbortSignal): Promise<SiteRecord> =>
    v.parse(SiteRecordSchema, await send(adminApi.get(`${contract(id)}/site-record`, { signal }))),

  file: (contractId: string, fileId: string): Promise<Blob> => blob(`${contract(contractId)}/files/${encodeURIComponent(fileId)}`),

  assignExpert: async (id: string, expertId: string): Promise<ContractView> =>
    v.parse(ContractViewSchema, await send(adminApi.post(`${contract(id)}/expert`, { json: { expert_id: expertId } }))),

  declareInsolvency: async (contractorId: string, note: string): Promise<{ frozen_contracts: number }> =>
    v.parse(
      InsolvencyResultSchema,
      await send(adminApi.post(`admin/contractors/${encodeURIComponent(contractorId)}/insolvency`, { json: { note } })),
    ),

  disputes: async (status: DisputeStatus | '', signal?: AbortSignal): Promise<DisputeView[]> =>
    v.parse(DisputeListSchema, await send(adminApi.get('admin/disputes', { searchParams: status ? { status } : {}, signal }))).data,

  dispute: async (id: string, signal?: AbortSignal): Promise<DisputeView> =>
    v.parse(DisputeViewSchema, await send(adminApi.get(dispute(id), { signal }))),

  postMessage: async (id: string, body: string): Promise<DisputeView> =>
    v.parse(DisputeViewSchema, await send(adminApi.post(`${dispute(id)}/messages`, { json: { body } }))),

  startMediation: async (id: string): Promise<DisputeView> =>
    v.parse(DisputeViewSchema, await send(adminApi.post(`${dispute(id)}/mediation`, { json: {} }))),

  /** Moves money: the same key on a retry makes the server answer the first resolution again instead of paying twice. */
  resolve: async (id: string, body: ResolveBody, idempotencyKey: string): Promise<DisputeView> =>
    v.parse(DisputeViewSchema, await send(adminApi.post(`${dispute(id)}/resolve`, { json: body, headers: { 'Idempotency-Key': idempotencyKey } }))),

  ledgerCheck: async (): Promise<LedgerCheck> => v.parse(LedgerCheckSchema, await send(adminApi.get('admin/ledger/check'))),
};
