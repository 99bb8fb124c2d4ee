import { hasPermission } from 'shared/permissions';
import type { AuthUser } from 'shared/session';

/** Specialists (contractor, vendor, artisan) receive requests rather than post projects. */
export const isSpecialist = (user: AuthUser) => hasPermission(user, 'CAN_SEE_REQUESTS');
export const isExpert = (user: AuthUser) => hasPermission(user, 'CAN_INSPECT');
