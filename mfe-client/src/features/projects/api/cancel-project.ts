import * as v from 'valibot';
import { api, send } from 'shared/api';
import { ProjectDetailSchema, type ProjectDetail } from 'shared/contract';

/** `POST /projects/:id/cancel`: the owner withdraws a draft or a project still open for quotes. */
export async function cancelProject(id: string): Promise<ProjectDetail> {
  return v.parse(ProjectDetailSchema, await send(api.post(`projects/${encodeURIComponent(id)}/cancel`, { json: {} })));
}
