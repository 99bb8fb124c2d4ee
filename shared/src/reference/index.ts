export { referenceBookAtom, plansAtom, localizationAtom } from './atoms';
export { loadStartupData, followStartupData } from './load-startup-data';
export { ReferenceBookSchema, PlansSchema, LocalizationInfoSchema } from '../contract/reference';
export type { ReferenceBook, Plans, LocalizationInfo } from '../contract/reference';
export { useReferenceNames } from './use-reference-names';
