// The shared client always sends a JSON content type, and the API refuses that with an empty body, hence `json: {}`.
import * as v from 'valibot';
import { api, send } from 'shared/api';
import { QuoteSelectionSchema, type QuoteSelection } from 'shared/contract';

/** `POST /projects/:id/quotes/:quoteId/select`: the owner picks a partner; the others are declined. */
export async function selectQuote(projectId: string, quoteId: string): Promise<QuoteSelection> {
  return v.parse(
    QuoteSelectionSchema,
    await send(api.post(`projects/${encodeURIComponent(projectId)}/quotes/${encodeURIComponent(quoteId)}/select`, { json: {} })),
  );
}
