// The API contract in one place: every route group's schemas. The server validates with them and serves them
// as OpenAPI; the web client imports their inferred types (import type only — no zod in the bundle).
export * from './common.ts';
export * from './users.ts';
export * from './heroes.ts';
export * from './battles.ts';
export * from './arena.ts';
export * from './dungeons.ts';
export * from './shop.ts';
export * from './odds.ts';
export * from './ledger.ts';
export * from './fairness.ts';
export * from './daily.ts';
export * from './campaign.ts';
export * from './summons.ts';
export * from './ascension.ts';
export * from './passkeys.ts';
export * from './live.ts';
export * from './guilds.ts';
export * from './admin.ts';
