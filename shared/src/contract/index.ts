/** The API contract, by domain: request and response schemas shared by the API and every front end. */
export * from './common';
export * from './projects';
export * from './escrow';
export * from './accounts';
export * from './notifications';
export * from './reference';
export * from './admin';
export * from './conversations';
export * from './payouts';
export * from './account-security';
export * from './directory';
export * from './site-record';
export * from './email-preferences';
export * from './two-factor';
export * from './passkeys';
