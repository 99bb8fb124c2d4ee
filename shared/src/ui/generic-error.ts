import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** Spec §8's generic notification, for anything unexpected. */
export const SOMETHING_WENT_WRONG: MessageDescriptor = msg`Something went wrong`;
