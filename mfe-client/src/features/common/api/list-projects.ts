import * as v from 'valibot';
import { api, send } from 'shared/api';
import { ProjectListSchema, type ProjectList } from 'shared/contract';

export interface ProjectListQuery {
  status?: string;
  category?: string;
  q?: string;
  page?: number;
  page_size?: number;
}

/** `GET /projects`: a client's own projects, or the requests a specialist receives. */
export async function listProjects(query: ProjectListQuery = {}, signal?: AbortSignal): Promise<ProjectList> {
  const searchParams: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') searchParams[name] = String(value);
  return v.parse(ProjectListSchema, await send(api.get('projects', { searchParams, signal })));
}
