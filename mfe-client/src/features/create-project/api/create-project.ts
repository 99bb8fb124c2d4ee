import * as v from 'valibot';
import { uploadForm } from 'shared/api';
import type { ProjectValues } from 'shared/schemas';
import { ProjectDetailSchema, type ProjectDetail } from 'shared/contract';

/** `POST /projects` as multipart, so the documents travel with it and progress can be shown. */
export async function createProject(
  project: ProjectValues,
  files: File[],
  onProgress: (fraction: number) => void,
): Promise<Pick<ProjectDetail, 'id' | 'title'>> {
  const body = new FormData();
  for (const [name, value] of Object.entries(project)) {
    if (value !== null && value !== undefined && value !== '') body.append(name, String(value));
  }
  for (const file of files) body.append('documents', file, file.name);
  const answer = await uploadForm<unknown>({ path: 'projects', body, onProgress });
  // The page only needs the new project's id: it reads the project again.
  return v.parse(v.pick(ProjectDetailSchema, ['id', 'title']), answer);
}
