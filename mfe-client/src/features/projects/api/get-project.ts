import * as v from 'valibot';
import { api, send } from 'shared/api';
import { ProjectDetailSchema, type ProjectDetail } from './project-types';

/** `GET /projects/:id` with documents and the quotes the viewer may see. */
export async function getProject(id: string): Promise<ProjectDetail> {
  return v.parse(ProjectDetailSchema, await send(api.get(`projects/${encodeURIComponent(id)}`)));
}
