/** The API contract, by domain: request and response schemas shared by the API and every front end. */
export * from './escrow';
