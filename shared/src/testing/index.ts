export { renderWithProviders } from './render';
export type { RenderOptions, RenderWithProvidersResult } from './render';
