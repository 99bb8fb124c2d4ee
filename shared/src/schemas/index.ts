export { VALIDATION_MESSAGES } from './messages';
