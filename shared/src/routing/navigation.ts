import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { canOpenRoute } from '../permissions';
import type { RoleHolder } from '../session/types';

/** One entry of the signed-in navigation: a route of the table and its label. */
export interface NavEntry {
  readonly route: string;
  readonly label: MessageDescriptor;
}

/**
 * The signed-in navigation in its order (docs/product.md §1: Dashboard, Projects,
 * Specialists, Escrow, Catalog). Each role sees the entries whose page works
 * for it (`canOpenRoute`); how they are laid out is the header's business.
 */
export const NAVIGATION: readonly NavEntry[] = [
  { route: 'main.dashboard', label: msg`Dashboard` },
  { route: 'main.projects', label: msg`Projects` },
  { route: 'main.specialists', label: msg`Specialists` },
  { route: 'main.escrow', label: msg`Escrow` },
  { route: 'main.catalog', label: msg`Catalog` },
];

/** The entries a signed-in user's role can use. */
export function navigationFor(user: RoleHolder | false | null | undefined): NavEntry[] {
  return NAVIGATION.filter((entry) => canOpenRoute(user, entry.route));
}
