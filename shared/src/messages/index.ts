export { API_MESSAGES } from './api-messages';
export type { ApiMessage } from './api-messages';
export { ADMIN_MESSAGES } from './admin-messages';
export { MARKETPLACE_API_MESSAGES } from './marketplace-api-messages';
export { ESCROW_API_MESSAGES } from './escrow-api-messages';
export { SOCIAL_API_MESSAGES } from './social-api-messages';
export { STATEMENT_MESSAGES } from './statement-messages';
export { CATALOG_API_MESSAGES } from './catalog-api-messages';
export { CONTRACT_STATUS_LABELS, MILESTONE_STATUS_LABELS } from './escrow-labels';
