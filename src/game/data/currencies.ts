// The four currencies every player holds, on their own: the web client reads them (api/rules.ts) without loading the
// item table (./items.ts) with them.

/** The four currencies every player holds, in the order the header shows them. */
export const CURRENCIES = ['gold', 'magic_essence', 'summoning_scrolls', 'combat_tokens'] as const;
export type Currency = (typeof CURRENCIES)[number];
