import * as v from 'valibot';
import { api, send, uploadForm } from 'shared/api';
import { ProjectDetailSchema, type ProjectDetail } from 'shared/contract';

/** Project fields as the form has them so far: a draft may leave any of them blank. */
export type DraftFields = Record<string, string | number | null>;

/** `POST /projects?draft=true` as multipart: the draft's first save, with the documents picked so far. */
export async function createDraft(fields: DraftFields, files: File[], onProgress: (fraction: number) => void): Promise<ProjectDetail> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== null && value !== '') body.append(name, String(value));
  }
  for (const file of files) body.append('documents', file, file.name);
  return v.parse(ProjectDetailSchema, await uploadForm<unknown>({ path: 'projects?draft=true', body, onProgress }));
}

/** `PUT /projects/:id?draft=true`: the draft saved again, still unpublished. */
export async function updateDraft(id: string, fields: DraftFields): Promise<ProjectDetail> {
  return v.parse(ProjectDetailSchema, await send(api.put(`projects/${encodeURIComponent(id)}`, { json: fields, searchParams: { draft: 'true' } })));
}

/** `POST /projects/:id/publish`: the whole draft is checked, opened and announced to matching specialists. */
export async function publishDraft(id: string): Promise<ProjectDetail> {
  return v.parse(ProjectDetailSchema, await send(api.post(`projects/${encodeURIComponent(id)}/publish`, { json: {} })));
}
