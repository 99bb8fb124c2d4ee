export { createTestQueryClient, renderWithProviders } from './render';
export type { RenderOptions, RenderWithProvidersResult } from './render';
export { fakeApi } from './fake-api';
export type { FakeReply, FakeRequest, FakeRoutes } from './fake-api';
export { REFUSED_AMOUNTS } from './refused-amounts';
export { testAdminUser, testClientUser } from './users';
