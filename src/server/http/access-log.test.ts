import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  lineDestination,
  logRequests,
  requestLoggers,
  serverLogger,
  WRITE_FROM,
  type Lines,
} from './access-log.ts';
import pino from 'pino';
import Fastify, { type FastifyInstance, type RawRequestDefaultExpression } from 'fastify';

describe('lineDestination', () => {
  const dir = mkdtempSync(join(tmpdir(), 'runeborn-lines-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const read = (file: string) => readFileSync(file, 'utf8');

  it('gathers lines into one write, and writes what waits on flush (as at exit)', () => {
    const file = join(dir, 'a.log');
    const dest = lineDestination(file);
    dest.write('{"n":1}\n');
    dest.write('{"n":"é"}\n');
    expect(read(file)).toBe(''); // fewer characters than a write gathers
    dest.flush();
    expect(read(file)).toBe('{"n":1}\n{"n":"é"}\n');
    dest.end();
  });

  it('writes as soon as a batch is full', () => {
    const file = join(dir, 'b.log');
    const dest = lineDestination(file);
    const line = `{"pad":"${'x'.repeat(98)}"}\n`;
    const lines = Math.ceil(WRITE_FROM / line.length);
    for (let i = 0; i < lines - 1; i++) dest.write(line);
    expect(read(file)).toBe('');
    dest.write(line);
    expect(read(file)).toBe(line.repeat(lines));
    dest.end();
  });

  it('writes a line that waits alone within its flush interval', async () => {
    const file = join(dir, 'c.log');
    const dest = lineDestination(file);
    dest.write('{"n":2}\n');
    await expect.poll(() => read(file), { timeout: 5_000 }).toBe('{"n":2}\n');
    dest.end();
  });

  it('writes what waits when it ends, and nothing after', () => {
    const file = join(dir, 'd.log');
    const dest = lineDestination(file);
    dest.write('{"n":3}\n');
    dest.end();
    dest.write('{"n":4}\n');
    expect(read(file)).toBe('{"n":3}\n');
  });
});

describe('requestLoggers', () => {
  const dir = mkdtempSync(join(tmpdir(), 'runeborn-reqlog-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("makes a request's child only when something is logged through it, with the request's id", () => {
    const file = join(dir, 'r.log');
    const base = serverLogger('info', file);
    const child = vi.spyOn(base, 'child');
    const make = requestLoggers(base);
    const quiet = make.call(
      {} as FastifyInstance,
      base,
      { reqId: 'req-1' },
      {},
      {} as RawRequestDefaultExpression,
    );
    const told = make.call(
      {} as FastifyInstance,
      base,
      { reqId: 'req-2' },
      {},
      {} as RawRequestDefaultExpression,
    );
    expect(quiet.level).toBe('info');
    told.warn({ n: 1 }, 'something to say');
    told.debug('below the level');
    expect(child).toHaveBeenCalledTimes(1);
    (base as unknown as Record<symbol, Lines>)[pino.symbols.streamSym].end();
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines.map((l) => JSON.parse(l) as object)).toEqual([
      expect.objectContaining({ level: 40, reqId: 'req-2', n: 1, msg: 'something to say' }),
    ]);
  });
});

describe('logRequests', () => {
  const dir = mkdtempSync(join(tmpdir(), 'runeborn-access-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes every address and id as JSON reads it back, plain or not', () => {
    const file = join(dir, 'a.log');
    const log = serverLogger('info', file);
    const line = logRequests(Fastify(), log);
    const odd = ['/api/users/u_1', '/a"b\\c', '/tab\there', '/nul\u0000', '/é/日本', '/\u2028', '/bad\ud800'];
    for (const [i, url] of odd.entries()) line(`req-${i}"`, 'GET', url, 200, performance.now());
    (log as unknown as Record<symbol, Lines>)[pino.symbols.streamSym].end();
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { url: string; reqId: string }).url)).toEqual(
      odd.map((u) => JSON.parse(JSON.stringify(u)) as string),
    );
    expect(JSON.parse(lines[0])).toMatchObject({ level: 30, reqId: 'req-0"', method: 'GET', status: 200 });
  });

  it('writes a line longer than a batch has room for in its place among the others', () => {
    const file = join(dir, 'b.log');
    const dest = lineDestination(file);
    const long = `{"pad":"${'é'.repeat(WRITE_FROM)}"}\n`;
    dest.write('{"n":1}\n');
    dest.write(long);
    dest.write('{"n":2}\n');
    dest.end();
    expect(readFileSync(file, 'utf8')).toBe(`{"n":1}\n${long}{"n":2}\n`);
  });
});
