import { adminApi, send, toApiError } from 'shared/api';
import type {
  AdminList,
  AdminUser,
  AdminUserPage,
  AuditPage,
  AuditParams,
  CheckInput,
  CheckKind,
  ExpertList,
  UserDetail,
  UserListParams,
  UserSummary,
} from 'shared/contract';

/** Drops empty values so the URL only carries the filters in use. */
function query(params: object): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') out[key] = String(value);
  }
  return out;
}

const user = (id: string) => `admin/users/${encodeURIComponent(id)}`;

/** The admin area's calls, signed with the admin token. */
export const adminCalls = {
  listUsers: (params: UserListParams, signal?: AbortSignal) =>
    send<AdminUserPage>(adminApi.get('admin/users', { searchParams: query(params), signal })),
  summary: (role: UserListParams['role'], signal?: AbortSignal) =>
    send<UserSummary>(adminApi.get('admin/users/summary', { searchParams: { role }, signal })),
  user: (id: string, signal?: AbortSignal) => send<UserDetail>(adminApi.get(user(id), { signal })),
  recordCheck: (id: string, kind: CheckKind, body: CheckInput) => send<UserDetail>(adminApi.put(`${user(id)}/checks/${kind}`, { json: body })),
  verify: (id: string) => send<UserDetail>(adminApi.put(`${user(id)}/verify`, { json: {} })),
  revoke: (id: string, reason: string) => send<UserDetail>(adminApi.delete(`${user(id)}/verify`, { json: { reason } })),
  suspend: (id: string, reason: string) => send<UserDetail>(adminApi.post(`${user(id)}/suspend`, { json: { reason } })),
  reactivate: (id: string) => send<UserDetail>(adminApi.post(`${user(id)}/reactivate`, { json: {} })),
  /** The evidence file itself (the link needs the admin token, so it is fetched, not opened). */
  evidenceFile: async (id: string, kind: CheckKind, evidenceId: string): Promise<Blob> => {
    try {
      const response = await adminApi.get(`${user(id)}/checks/${kind}/evidence/${encodeURIComponent(evidenceId)}`);
      return await response.blob();
    } catch (error) {
      throw await toApiError(error);
    }
  },
  experts: (signal?: AbortSignal) => send<ExpertList>(adminApi.get('admin/experts', { signal })),
  createExpert: (body: Record<string, string>) => send<AdminUser>(adminApi.post('admin/experts', { json: body })),
  admins: (signal?: AbortSignal) => send<AdminList>(adminApi.get('admin/admins', { signal })),
  audit: (params: AuditParams, signal?: AbortSignal) => send<AuditPage>(adminApi.get('admin/audit', { searchParams: query(params), signal })),
};

export const evidenceUploadUrl = (id: string, kind: CheckKind) => `${user(id)}/checks/${kind}/evidence`;
