#!/usr/bin/env node
// bench/ref-battle.mjs: the bare floor of a 4v4 auto-battle (speed-ordered turns, attack the weakest enemy, no
// abilities, statuses or energy), the yardstick `npm run bench` and `npm run bench:instructions` measure our
// full-content battles against. Copied on 2026-11-29 from the workplace's shared benchmark reference: the #! line
// and everything below this header are unchanged, except the "Run:" line, which named the old place of the file.
// Left out of Prettier (.prettierignore) so that it stays as it was written.
// The floor of a 4v4 auto-battle: typed arrays, speed-ordered turns, attack the weakest enemy, atk-vs-def damage
// with variance and crits, seeded xorshift; no abilities, statuses or energy. Its rate on this machine, measured in
// the same run as the project's bench, is the yardstick for the project's full-content battles.
// Prints 'reference battles per second: N'. Run: node bench/ref-battle.mjs
const N = Number(process.argv[2] || 300000);
const U = 8, hp = new Float64Array(U), atk = new Float64Array(U), def = new Float64Array(U), spd = new Float64Array(U), next = new Float64Array(U);
let s = 2463534242;
const rnd = () => { s ^= s << 13; s ^= s >>> 17; s ^= s << 5; return (s >>> 0) / 4294967296; };
function battle() {
  for (let i = 0; i < U; i++) { hp[i] = 400 + rnd() * 300; atk[i] = 40 + rnd() * 20; def[i] = 25 + rnd() * 25; spd[i] = 85 + rnd() * 20; next[i] = (100 / spd[i]) * (0.5 + rnd() * 0.5); }
  for (let turn = 0; turn < 160; turn++) {
    let a = -1;
    for (let i = 0; i < U; i++) if (hp[i] > 0 && (a < 0 || next[i] < next[a])) a = i;
    const foe0 = a < 4 ? 4 : 0;
    let t = -1;
    for (let i = foe0; i < foe0 + 4; i++) if (hp[i] > 0 && (t < 0 || hp[i] < hp[t])) t = i;
    let dmg = 3.6 * atk[a] * atk[a] / (atk[a] + def[t]) * (0.9 + rnd() * 0.2);
    if (rnd() < 0.08) dmg *= 1.5;
    hp[t] -= dmg;
    next[a] += 100 / spd[a];
    let alive = 0;
    for (let i = foe0; i < foe0 + 4; i++) if (hp[i] > 0) alive++;
    if (alive === 0) return a < 4 ? 0 : 1;
  }
  return 2;
}
for (let i = 0; i < 20000; i++) battle();
const t0 = process.cpuUsage();
let w = 0;
for (let i = 0; i < N; i++) w += battle() === 0 ? 1 : 0;
const c = process.cpuUsage(t0);
const sec = (c.user + c.system) / 1e6;
console.log(`reference battles per second: ${Math.round(N / sec)}  (${N} battles, ${sec.toFixed(2)} s CPU, side A won ${(100 * w / N).toFixed(1)}%)`);
