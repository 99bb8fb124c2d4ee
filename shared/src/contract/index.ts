/** The API contract, by domain: request and response schemas shared by the API and every front end. */
export * from './common';
export * from './projects';
export * from './escrow';
export * from './accounts';
export * from './notifications';
export * from './reference';
export * from './admin';
export * from './conversations';
