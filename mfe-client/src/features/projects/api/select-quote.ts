// The shared client always sends a JSON content type, and the API refuses that with an empty body, hence `json: {}`.
import * as v from 'valibot';
import { api, send } from 'shared/api';
import { QuoteViewSchema } from './project-types';

const SelectionSchema = v.object({
  status: v.string(),
  // The contract the selection created: the page links to it at once.
  contract_id: v.optional(v.nullable(v.string()), null),
  selected_quote: QuoteViewSchema,
  quotes: v.array(QuoteViewSchema),
});
export type Selection = v.InferOutput<typeof SelectionSchema>;

/** `POST /projects/:id/quotes/:quoteId/select`: the owner picks a partner; the others are declined. */
export async function selectQuote(projectId: string, quoteId: string): Promise<Selection> {
  return v.parse(
    SelectionSchema,
    await send(api.post(`projects/${encodeURIComponent(projectId)}/quotes/${encodeURIComponent(quoteId)}/select`, { json: {} })),
  );
}
