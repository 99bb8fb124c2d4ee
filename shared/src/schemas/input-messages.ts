import type { MessageDescriptor } from '@lingui/core';

/** Refusals of input no field accepts, whatever its own rules (plain descriptors, see `messages.ts`). */
export const INPUT_MESSAGES = {
  nulCharacter: /*i18n*/ { id: 'This field must not contain a NUL character.', message: 'This field must not contain a NUL character.' },
  tooDeep: /*i18n*/ { id: 'This field is nested too deeply.', message: 'This field is nested too deeply.' },
  notAnId: /*i18n*/ { id: 'This is not a valid reference.', message: 'This is not a valid reference.' },
} satisfies Record<string, MessageDescriptor>;
