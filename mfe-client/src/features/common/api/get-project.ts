import * as v from 'valibot';
import { api, send } from 'shared/api';
import { ProjectDetailSchema, type ProjectDetail } from 'shared/contract';

/** `GET /projects/:id` with documents and the quotes the viewer may see. */
export async function getProject(id: string, signal?: AbortSignal): Promise<ProjectDetail> {
  return v.parse(ProjectDetailSchema, await send(api.get(`projects/${encodeURIComponent(id)}`, { signal })));
}
