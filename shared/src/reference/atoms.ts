import { atom } from 'jotai';
import type { LocalizationInfo, Plans, ReferenceBook } from '../contract/reference';

/** Null until loaded (or when the API could not be reached); screens show their own loading state. */
export const referenceBookAtom = atom<ReferenceBook | null>(null);
export const plansAtom = atom<Plans | null>(null);
export const localizationAtom = atom<LocalizationInfo | null>(null);
