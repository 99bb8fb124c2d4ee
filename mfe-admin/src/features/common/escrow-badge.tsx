import type { ReactNode } from 'react';
import type { Tone } from './escrow-labels';

/** A status pill for contracts, milestones and disputes. */
export function EscrowBadge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <span className={`admin-badge admin-badge--tone-${tone}`}>{children}</span>;
}
