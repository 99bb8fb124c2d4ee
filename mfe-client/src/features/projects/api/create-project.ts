import * as v from 'valibot';
import { uploadForm } from 'shared/api';
import type { ProjectValues } from 'shared/schemas';
import { ProjectDetailSchema } from './project-types';

const CreatedSchema = v.object({ id: v.string(), title: v.string() });
export type CreatedProject = v.InferOutput<typeof CreatedSchema>;

/** `POST /projects` as multipart, so the documents travel with it and progress can be shown. */
export async function createProject(project: ProjectValues, files: File[], onProgress: (fraction: number) => void): Promise<CreatedProject> {
  const body = new FormData();
  for (const [name, value] of Object.entries(project)) {
    if (value !== null && value !== undefined && value !== '') body.append(name, String(value));
  }
  for (const file of files) body.append('documents', file, file.name);
  const answer = await uploadForm<unknown>({ path: 'projects', body, onProgress });
  v.parse(v.partial(ProjectDetailSchema), answer);
  return v.parse(CreatedSchema, answer);
}
