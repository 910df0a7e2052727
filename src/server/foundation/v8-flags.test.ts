// The V8 flags the server runs with (./v8-flags.ts) change how the rules core is compiled, never how it plays.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { battleFingerprint } from '../../game/battle/testing.ts';

const fingerprint = (...args: string[]) =>
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/battle-fingerprint.ts', ...args], {
    encoding: 'utf8',
  }).trim();

describe('V8 flags', () => {
  it('battles under the raised inlining budgets play exactly as without them', () => {
    const plain = battleFingerprint();
    expect(fingerprint()).toBe(plain);
    expect(fingerprint('--tuned')).toBe(plain);
  });
});
