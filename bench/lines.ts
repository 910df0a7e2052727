// `npm run bench:lines`: where a full-content battle's instructions go — per function and per source line of the
// rules core, in steady state. Valgrind's callgrind counts every instruction at its address; V8's code map
// (node --perf-prof writes a jitdump: each optimised function's address range and the source position of its
// instructions) names the function and line at each address. Two runs, of 6,000 and 1,000 battles after the same
// warm-up, differ by 5,000 battles: start-up and compilation drop out. Runs are deterministic (--predictable).
//
// The battles run as bench/battle-loop.ts, bundled into one script by esbuild so that code inlined from one module
// into another keeps its own line (under tsx every module is one line, and inlined code is named by its caller's
// file). esbuild turns the bundle's top-level `const`s into `var`s, which V8 cannot fold into compiled code as it
// folds the consts tsx keeps; they are turned back (each one assigned once) so the bundle compiles as tsx's modules
// do: its total is within a few percent of `npm run bench:instructions`'.
// Needs valgrind (apt-get install valgrind). Takes about two minutes. BENCH_LINES=80 shows more lines.
//
// `npm run bench:lines -- time`: where the time goes instead, by the same map — perf samples the CPU's position
// every 50 µs of CPU time (perf record -e cpu-clock; Debian's linux-perf) over 1,000,000 battles, and shares of the
// samples are printed. Instructions and time disagree where the CPU stalls: a branch it mispredicts costs ~15
// cycles and one instruction. (Scanning every unit for the next actor was 4% of the instructions and a tenth of
// the time, 2026-11-26.) Takes about half a minute.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';

const byTime = process.argv[2] === 'time';
const needed = byTime ? 'perf' : 'valgrind';
if (spawnSync(needed, ['--version']).status !== 0) {
  console.log(
    `${needed} is not installed (apt-get install ${byTime ? 'linux-perf' : 'valgrind'}): nothing measured`,
  );
  process.exit(0);
}

const dir = mkdtempSync(join(tmpdir(), 'runeborn-lines-'));
const bundle = join(dir, 'battle-loop.mjs');
const { outputFiles } = buildSync({
  entryPoints: [new URL('./battle-loop.ts', import.meta.url).pathname],
  bundle: true,
  platform: 'node',
  format: 'esm',
  write: false,
});
writeFileSync(bundle, keepConsts(outputFiles[0].text));

/** Top-level `var x = …` assigned nowhere else becomes `const x = …`, as in the modules tsx runs. */
function keepConsts(code: string): string {
  return code
    .split('\n')
    .map((line) => {
      if (line.startsWith('var {')) return `const${line.slice(3)}`;
      const m = /^var ([A-Za-z_$][\w$]*) = /.exec(line);
      if (!m) return line;
      const name = m[1].replace(/\$/g, '\\$');
      const writes = code.match(
        new RegExp(`(?<![\\w$.])${name}\\s*(=(?!=)|\\+=|-=|\\*=|\\|=|&=|\\+\\+|--)`, 'g'),
      );
      const prefixed = new RegExp(`(\\+\\+|--)${name}(?![\\w$])`).test(code);
      return writes?.length === 1 && !prefixed ? `const${line.slice(3)}` : line;
    })
    .join('\n');
}

interface Run {
  /** Instructions per code address. */
  cost: Map<number, number>;
  /** V8's functions: address range and name. */
  functions: { start: number; end: number; name: string }[];
  /** Source positions: from an address on, the line it compiles. */
  positions: { at: number; line: number }[];
}

/** The code map of a run's jitdump, written into `work` by node --perf-prof. */
function codeMap(work: string): Pick<Run, 'functions' | 'positions'> {
  const dump = readdirSync(work).find((f) => f.startsWith('jit-') && f.endsWith('.dump'));
  if (!dump) throw new Error('node --perf-prof wrote no jitdump');
  return jitdump(join(work, dump));
}

/** Runs a tool to its end, or throws with the end of what it said; returns its output. */
function tool(cmd: string, args: string[], cwd: string): string {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`${cmd} ${args[0]} failed: ${r.stderr.slice(-400)}`);
  return r.stdout;
}

/** A new working folder for one run of the battles; node --perf-prof writes its jitdump there. */
const workFolder = (label: string) => mkdtempSync(join(dir, `${label}-`));

/** The battles: `battles` after the warm-up, in the bundle, with V8's code map written. */
const battleRun = (battles: number) => [process.execPath, '--perf-prof', bundle, String(battles)];

/** CPU-time samples per code address, from perf's sampling of a run of `battles` battles after the warm-up. */
function sample(battles: number): Run {
  const work = workFolder(`sample-${battles}`);
  const data = join(work, 'perf.data');
  tool('perf', ['record', '-q', '-e', 'cpu-clock', '-c', '50000', '-o', data, ...battleRun(battles)], work);
  const cost = new Map<number, number>();
  for (const line of tool('perf', ['script', '-i', data, '-F', 'ip'], work).split('\n')) {
    const addr = parseInt(line.trim(), 16);
    if (!Number.isNaN(addr)) cost.set(addr, (cost.get(addr) ?? 0) + 1);
  }
  return { cost, ...codeMap(work) };
}

/** Instructions per code address, counted by callgrind over a run of `battles` battles after the warm-up. */
function count(battles: number): Run {
  const work = workFolder(`count-${battles}`);
  const out = join(work, 'callgrind.out');
  const [node, ...args] = battleRun(battles);
  tool(
    'valgrind',
    [
      '--tool=callgrind',
      '--smc-check=all-non-file',
      '--dump-instr=yes',
      `--callgrind-out-file=${out}`,
      node,
      '--single-threaded',
      '--predictable',
      ...args,
    ],
    work,
  );
  return { cost: costs(out), ...codeMap(work) };
}

/** Self cost per instruction address, from callgrind's compressed format (calls' inclusive costs left out). */
function costs(file: string): Map<number, number> {
  const cost = new Map<number, number>();
  let addr = 0,
    call = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('calls=')) {
      call = true;
      continue;
    }
    const c = line[0];
    if (c !== '0' && c !== '+' && c !== '-' && c !== '*') continue;
    const [pos, , ir] = line.split(' ');
    if (pos.startsWith('0x')) addr = parseInt(pos, 16);
    else if (c === '+') addr += parseInt(pos.slice(1), 16);
    else if (c === '-') addr -= parseInt(pos.slice(1), 16);
    if (call) call = false;
    else cost.set(addr, (cost.get(addr) ?? 0) + Number(ir ?? 0));
  }
  return cost;
}

/** The code loads (record 0) and their source positions (record 2) of a jitdump (tools/perf/Documentation/jitdump-specification.txt). */
function jitdump(file: string): Pick<Run, 'functions' | 'positions'> {
  const b = readFileSync(file);
  const functions: Run['functions'] = [];
  const positions: Run['positions'] = [];
  const text = (p: number) => {
    const end = b.indexOf(0, p);
    return { s: b.toString('utf8', p, end), next: end + 1 };
  };
  for (let off = b.readUInt32LE(8); off + 16 <= b.length;) {
    const id = b.readUInt32LE(off),
      size = b.readUInt32LE(off + 4);
    if (size === 0) break;
    if (id === 0) {
      const start = Number(b.readBigUInt64LE(off + 32)),
        length = Number(b.readBigUInt64LE(off + 40));
      functions.push({ start, end: start + length, name: text(off + 56).s });
    } else if (id === 2) {
      let p = off + 32;
      for (let k = 0, n = Number(b.readBigUInt64LE(off + 24)); k < n; k++) {
        const at = Number(b.readBigUInt64LE(p)),
          line = b.readUInt32LE(p + 8);
        const name = text(p + 16);
        if (name.s.endsWith('battle-loop.mjs')) positions.push({ at, line });
        p = name.next;
      }
    }
    off += size;
  }
  functions.sort((x, y) => x.start - y.start);
  positions.sort((x, y) => x.at - y.at);
  return { functions, positions };
}

/** The last entry at or before `addr` (entries sorted by their key). */
function before<T>(list: T[], key: (x: T) => number, addr: number): T | undefined {
  let lo = 0,
    hi = list.length - 1,
    found: T | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (key(list[mid]) <= addr) {
      found = list[mid];
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

function tally(r: Run) {
  const byFunction = new Map<string, number>(),
    byLine = new Map<number, number>();
  let total = 0;
  for (const [addr, ir] of r.cost) {
    total += ir;
    const f = before(r.functions, (x) => x.start, addr);
    const name = f && addr < f.end ? f.name.replace(/file:\/\/\S*\//, '') : '(V8, Node)';
    byFunction.set(name, (byFunction.get(name) ?? 0) + ir);
    const p = before(r.positions, (x) => x.at, addr);
    if (p && f && addr < f.end && p.at >= f.start) byLine.set(p.line, (byLine.get(p.line) ?? 0) + ir);
  }
  return { total, byFunction, byLine };
}

const source = readFileSync(bundle, 'utf8').split('\n');
const sorted = <K>(m: Map<K, number>) => [...m].sort((x, y) => y[1] - x[1]);
/**
 * The rules core's accessors (unitStat(i, HP), effectPower(e) … in src/game/battle/core.ts and compile.ts): one line
 * each, meant to be inlined wherever they are called. One that shows up as a function of its own ran out of line.
 */
const ACCESSOR =
  /^JS:\*(stat|attack|defence|speed|levelledPower|healthShare|carries|slotAbility|alive|effect(Power|Scale|Status|Turns|Chance|Hits|Drain|Execute|Pierce|Levelled)|choice(Of|Act|Target))\d* /;
function report(
  byFunction: [string, number][],
  byLine: [number, number][],
  n: (x: number) => string,
  /** below it, a function's share is left out (the warm-up's, before the compiler inlined it) */
  least: number,
) {
  console.log('\nby function (V8 compiles a turn as one function, with what it inlines):');
  for (const [name, v] of byFunction.slice(0, 12)) console.log(`${n(v)}  ${name}`);
  const apart = byFunction.filter(([name, v]) => ACCESSOR.test(name) && v >= least);
  console.log(
    apart.length === 0
      ? '  (every accessor of the rules core was inlined where it is called)'
      : `  accessors that also ran as functions of their own: ${apart.map(([name, v]) => `${name.replace(/ .*/, '')} ${n(v).trim()}`).join(', ')}`,
  );
  console.log('\nby source line of the bundle (where inlined code comes from):');
  for (const [line, v] of byLine.slice(0, Number(process.env.BENCH_LINES ?? 40)))
    console.log(`${n(v)}  ${String(line).padStart(5)}  ${source[line - 1].trim().slice(0, 110)}`);
}
if (byTime) {
  const t = tally(sample(1_000_000));
  const pct = (x: number) => `${((100 * x) / t.total).toFixed(1).padStart(6)}%`;
  console.log(
    `CPU-time samples of 1,000,000 full-content 4v4 battles (and the warm-up): ${t.total.toLocaleString('en')}`,
  );
  report(sorted(t.byFunction), sorted(t.byLine), pct, t.total / 1000);
} else {
  const long = tally(count(6000)),
    short = tally(count(1000));
  const perBattle = <K>(a: Map<K, number>, b: Map<K, number>) =>
    [...new Set([...a.keys(), ...b.keys()])]
      .map((k) => [k, ((a.get(k) ?? 0) - (b.get(k) ?? 0)) / 5000] as [K, number])
      .sort((x, y) => y[1] - x[1]);
  const n = (x: number) => Math.round(x).toLocaleString('en').padStart(8);
  console.log(
    `instructions per full-content 4v4 battle, steady state: ${n((long.total - short.total) / 5000)}`,
  );
  report(perBattle(long.byFunction, short.byFunction), perBattle(long.byLine, short.byLine), n, 1);
}
rmSync(dir, { recursive: true, force: true });
