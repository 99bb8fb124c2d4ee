/**
 * The fee rates the product announces (docs/product.md §9). They live with the
 * product's other published facts, which every page's shell already carries,
 * so the home page can quote them without loading the money helpers;
 * `shared/money` charges with them.
 */

/** The platform's transaction fee: 1.5 %, in tenths of a percent. */
export const PLATFORM_FEE_PER_MILLE = 15;
/** The expert's fee: 2 % of the milestone, at least one site visit's worth. */
export const EXPERT_FEE_PER_MILLE = 20;
/** That site visit's worth, in minor units per currency. */
export const EXPERT_FEE_MINIMUM: Readonly<Record<string, number>> = { EUR: 5_000, XAF: 25_000 };
