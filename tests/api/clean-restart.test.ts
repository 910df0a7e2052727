// A clean restart (src/server/main.ts, http/readiness.ts) on a real server process, SQLite and PostgreSQL: under a
// flood of paid purchases it is sent SIGTERM; every request it answered was answered 200 and is in the ledger, none
// it did not answer changed anything (the ledger holds exactly the 200s), the live socket open at the signal is closed
// with 1012 (service restart), the ledger audit passes, and the process exits 0.
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { auditLedger } from '../../src/server/economy/ledger.ts';
import { openStore } from '../../src/server/store/db.ts';
import { DATABASES, freshDatabase, newPlayer, setBalances, type TestDatabase } from './helpers.ts';
import { freePort, remote, startServer, stop } from './processes.ts';

const PLAYERS = 4;
/** requests each player keeps in flight */
const IN_FLIGHT = 6;

describe.each(DATABASES)('SIGTERM under a purchase flood on %s', (kind) => {
  let db: TestDatabase | undefined;
  let child: ChildProcess | undefined;
  afterAll(async () => {
    if (child) await stop(child, 'SIGKILL');
    await db?.drop();
  });

  it('answers what is in flight, loses nothing acknowledged, tells sockets, exits 0', async () => {
    db = await freshDatabase(kind);
    const metricsPort = await freePort();
    const server = await startServer(db.url, {
      SHUTDOWN_GRACE_SECONDS: '10',
      METRICS_PORT: String(metricsPort),
    });
    child = server.child;
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      server.child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    const h = remote(db, server.url);
    const players = [];
    for (let i = 0; i < PLAYERS; i++) {
      const p = await newPlayer(h, 'flood');
      await setBalances(h, p.id, { gold: 1_000_000 });
      players.push(p);
    }

    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/live?user_id=${players[0]!.id}`);
    const socketClosed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));

    let signalled = false;
    const ok = new Map<string, number>(players.map((p) => [p.id, 0]));
    const answered: { status: number; afterSignal: boolean }[] = [];
    const failedBeforeSignal: string[] = [];
    const buyer = async (userId: string) => {
      for (;;) {
        try {
          const res = await fetch(`${server.url}/api/shop/purchase`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ user_id: userId, item_id: 'draught_of_insight', quantity: 1 }),
          });
          await res.arrayBuffer();
          answered.push({ status: res.status, afterSignal: signalled });
          if (res.status === 200) ok.set(userId, ok.get(userId)! + 1);
        } catch (err) {
          // Not answered: the listener closed (or a connection it closed while idle). Stop this buyer.
          if (!signalled) failedBeforeSignal.push(String(err));
          return;
        }
      }
    };
    const flood = Promise.all(players.flatMap((p) => Array.from({ length: IN_FLIGHT }, () => buyer(p.id))));

    await expect.poll(() => answered.length, { timeout: 15_000, interval: 5 }).toBeGreaterThanOrEqual(60);
    // The purchases are counted on the metrics' own port, under their route's pattern.
    const scraped = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(scraped).toMatch(
      /http_requests_total\{route="\/api\/shop\/purchase",method="POST",status_class="2xx"\} \d+/,
    );
    expect(scraped).toMatch(/runeborn_currency_out_total\{currency="gold",reason="purchase"\} \d+/);
    signalled = true;
    server.child.kill('SIGTERM');
    await flood;
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(await socketClosed).toBe(1012);

    expect(failedBeforeSignal).toEqual([]);
    // Everything answered was served in full: no 503 or 500 for what was already in.
    expect(answered.filter((a) => a.status !== 200)).toEqual([]);
    // Requests in flight at the signal were answered after it.
    expect(answered.filter((a) => a.afterSignal).length).toBeGreaterThan(0);

    const store = openStore(db.url, { poolSize: 1 });
    try {
      for (const p of players) {
        const entries = await store.db
          .selectFrom('ledger')
          .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('delta').as('spent')])
          .where('user_id', '=', p.id)
          .where('reason', '=', 'purchase')
          .executeTakeFirstOrThrow();
        // Exactly the purchases answered 200: each acknowledged one is kept, no unanswered one went through.
        expect(Number(entries.n)).toBe(ok.get(p.id));
        const user = await store.db
          .selectFrom('users')
          .select('gold')
          .where('id', '=', p.id)
          .executeTakeFirstOrThrow();
        expect(user.gold).toBe(1_000_000 + Number(entries.spent));
      }
      const audit = await auditLedger(store.db);
      expect(audit.differences).toEqual([]);
      expect(audit.unchained).toBe(0);
    } finally {
      await store.close();
    }
  });
});
