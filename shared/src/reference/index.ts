export { referenceBookAtom, plansAtom, localizationAtom } from './atoms';
export { loadStartupData, followStartupData } from './load-startup-data';
export { ReferenceBookSchema, PlansSchema, LocalizationInfoSchema } from './schemas';
export type { ReferenceBook, Plans, LocalizationInfo } from './schemas';
