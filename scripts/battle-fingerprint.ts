// Prints battleFingerprint() (src/game/battle/testing.ts): with --tuned, under the V8 flags the server runs with
// (src/server/foundation/v8-flags.ts). src/server/foundation/v8-flags.test.ts compares the two: the flags change speed, not play.
export {}; // a module: top-level await
if (process.argv.includes('--tuned')) await import('../src/server/foundation/v8-flags.ts');
const { battleFingerprint } = await import('../src/game/battle/testing.ts');
console.log(battleFingerprint());
