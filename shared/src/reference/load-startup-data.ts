import * as v from 'valibot';
import { i18n } from '@lingui/core';
import { api, send } from '../api/client';
import { sessionStore } from '../session/atoms';
import { localizationAtom, plansAtom, referenceBookAtom } from './atoms';
import { LocalizationInfoSchema, PlansSchema, ReferenceBookSchema } from '../contract/reference';

type Store = typeof sessionStore;

async function fetchParsed<T>(path: string, schema: v.GenericSchema<unknown, T>): Promise<T> {
  return v.parse(schema, await send(api.get(path)));
}

/** One round of the docs/product.md §4 start-up loads; a failed call leaves its atom empty rather than blocking the page. */
export async function loadStartupData(store: Store = sessionStore): Promise<void> {
  const results = await Promise.allSettled([
    fetchParsed('common/reference-book', ReferenceBookSchema).then((book) => store.set(referenceBookAtom, book)),
    fetchParsed('plans', PlansSchema).then((plans) => store.set(plansAtom, plans)),
    fetchParsed('localization/info', LocalizationInfoSchema).then((info) => store.set(localizationAtom, info)),
  ]);
  for (const result of results) {
    if (result.status === 'rejected') console.warn('Start-up data could not be loaded', result.reason);
  }
}

/**
 * Loads the start-up data now and again whenever the language changes, since
 * the reference book and plans come translated. Returns a function that stops
 * following the language.
 */
export function followStartupData(store: Store = sessionStore): () => void {
  let loadedFor = i18n.locale;
  void loadStartupData(store);
  return i18n.on('change', () => {
    if (i18n.locale === loadedFor) return;
    loadedFor = i18n.locale;
    void loadStartupData(store);
  });
}
