import * as v from 'valibot';
import { api, send } from 'shared/api';
import type { QuoteValues } from 'shared/schemas';
import { QuoteViewSchema, type QuoteView } from 'shared/contract';

/** `POST /projects/:id/quotes`: a verified specialist's one quote on a project. */
export async function submitQuote(projectId: string, quote: QuoteValues): Promise<QuoteView> {
  return v.parse(QuoteViewSchema, await send(api.post(`projects/${encodeURIComponent(projectId)}/quotes`, { json: quote })));
}
