import * as v from 'valibot';
import { CompletionFieldsSchema } from '../contract/escrow';
import { CompletionFormSchema } from './escrow-forms';

describe('milestone notes', () => {
  it('are refused by the form exactly when the API would refuse them', () => {
    for (const notes of ['', '  ', 'ok', 'Tiles laid', 'x'.repeat(2000), 'x'.repeat(2001)]) {
      const form = v.safeParse(CompletionFormSchema, { notes, photos: [] }).success;
      const api = v.safeParse(CompletionFieldsSchema, { notes }).success;
      expect({ notes: notes.slice(0, 12), form }).toEqual({ notes: notes.slice(0, 12), form: api });
    }
  });
});
