// The gated listener (readiness.ts) keeps idle keep-alive connections as Fastify's own listener would: with Node's
// 5 s a client reusing a connection idle about that long met it closed under it (ECONNRESET in a browser test).
import { once } from 'node:events';
import { request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { gatedServer, KEEP_ALIVE_MS, Readiness } from './readiness.ts';

let close: (() => void) | undefined;
afterEach(() => close?.());

describe('gatedServer', () => {
  it('keeps an idle connection past Node’s 5 s, and answers 503 until opened', async () => {
    const gate = gatedServer(new Readiness());
    expect(gate.server.keepAliveTimeout).toBe(KEEP_ALIVE_MS);
    expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
    gate.server.listen(0, '127.0.0.1');
    await once(gate.server, 'listening');
    close = () => gate.server.close();
    const { port } = gate.server.address() as AddressInfo;
    const req = request({ port, host: '127.0.0.1', path: '/api/health' });
    req.end();
    const [res] = (await once(req, 'response')) as [IncomingMessage];
    expect(res.statusCode).toBe(503);
    res.resume();
  });
});
