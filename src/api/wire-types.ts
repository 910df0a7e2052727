// Wire types are declared once, in src/game/types.ts (the rules produce them; src/game imports nothing of ours). The
// contract's zod schema of such a type validates it at runtime and documents it; `mirrors<T>()` makes the schema
// compile only while its output type is exactly T, so the two can never say different things, and the contract
// exports the game's type, never a second declaration of it.
import type { z } from 'zod';

/** Identical types (optional fields and nested shapes included), not merely assignable each way. */
type Same<A, B> = (<G>() => G extends A ? 1 : 2) extends <G>() => G extends B ? 1 : 2 ? true : false;

/** `mirrors<Hero>()(z.object({…}))`: the schema, which fails to compile unless its output is exactly `T`. */
export const mirrors =
  <T>() =>
  <S extends z.ZodType>(schema: S, ..._exactly: Same<z.output<S>, T> extends true ? [] : [never]): S =>
    schema;
