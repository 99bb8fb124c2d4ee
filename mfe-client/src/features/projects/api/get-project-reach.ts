import { useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { api, send } from 'shared/api';
import { ProjectReachSchema, type ProjectReach } from 'shared/contract';
import { queryKeys } from 'shared/query';

/** `GET /projects/:id/reach`: how many verified specialists the owner's project reaches, and how many a wider city would. */
export async function getProjectReach(id: string, signal?: AbortSignal): Promise<ProjectReach> {
  return v.parse(ProjectReachSchema, await send(api.get(`projects/${encodeURIComponent(id)}/reach`, { signal })));
}

/** Whom the project reaches, for its owner (the page asks only while it is a draft or open). */
export function useProjectReach(id: string) {
  return useQuery({ queryKey: queryKeys.projects.reach(id), queryFn: ({ signal }) => getProjectReach(id, signal) });
}
