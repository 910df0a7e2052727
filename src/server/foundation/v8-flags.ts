// V8's inlining budgets, raised for this process. Imported first by every entry point that plays battles in
// numbers (src/server/main.ts, the benches), before any function has run hot enough to be optimised.
//
// Why: a turn of the rules core (src/game/battle) is a dozen small functions — the turn's steps, the effects
// registry's entries, a hit — and V8's defaults inline a callee only up to 460 bytes of bytecode, 920 in all into
// one optimised function. Past that, each step is a real call, and every fractional number crossing it (a hit's
// power, a heal's amount) is boxed on the heap. With these budgets the steps of a turn are compiled together.
// Measured with callgrind (npm run bench:instructions, instructions per full-content battle, which load cannot
// move, made repeatable with --predictable): 23% fewer, ~100,000 -> ~77,000 a battle (2026-11-25). The benches
// run the bare floor of an auto-battle as given, without them.
//
// V8's flags are per process, so the odds pool's worker threads share them. They change how code is compiled,
// never what it does: the battle tests pin outcomes and facts with and without them.
import { setFlagsFromString } from 'node:v8';

export const V8_FLAGS = [
  '--max-inlined-bytecode-size=2000',
  '--max-inlined-bytecode-size-cumulative=8000',
  '--max-inlined-bytecode-size-absolute=16000',
];

for (const flag of V8_FLAGS) setFlagsFromString(flag);
