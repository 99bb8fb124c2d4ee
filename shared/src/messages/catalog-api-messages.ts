import type { MessageDescriptor } from '@lingui/core';

/* Messages of the design catalog query (`GET /designs`), in the caller's language. */
export const CATALOG_API_MESSAGES = {
  featured: /*i18n*/ { id: 'The featured field must be true or false.', message: 'The featured field must be true or false.' },
  limit: /*i18n*/ { id: 'The limit must be a whole number between 1 and {max}.', message: 'The limit must be a whole number between 1 and {max}.' },
  locale: /*i18n*/ { id: 'The locale must be en or fr.', message: 'The locale must be en or fr.' },
  currency: /*i18n*/ { id: 'The selected currency is not supported.', message: 'The selected currency is not supported.' },
  country: /*i18n*/ { id: 'The selected country is not supported.', message: 'The selected country is not supported.' },
  tier: /*i18n*/ { id: 'The tier must be standard, premium or luxury.', message: 'The tier must be standard, premium or luxury.' },
  page: /*i18n*/ {
    id: 'The page must be a whole number between {min} and {max}.',
    message: 'The page must be a whole number between {min} and {max}.',
  },
  roomsMin: /*i18n*/ {
    id: 'The minimum number of rooms must be a whole number between {min} and {max}.',
    message: 'The minimum number of rooms must be a whole number between {min} and {max}.',
  },
  roomsMax: /*i18n*/ {
    id: 'The maximum number of rooms must be a whole number between {min} and {max}.',
    message: 'The maximum number of rooms must be a whole number between {min} and {max}.',
  },
} satisfies Record<string, MessageDescriptor>;
