// Compressed answers (http/compression.ts) on a bare Fastify app: an answer with an ETag is sent br or gzip as the
// client accepts, each copy made once; a long one without an ETag is compressed as it is sent; one without an ETag
// under COMPRESS_UNTAGGED_FROM, a short one, or a 304 is sent as it is.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { COMPRESS_UNTAGGED_FROM, compressAnswers } from './compression.ts';
import { answerConditionalGets } from './conditional.ts';

const LONG = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: `h_${i}`, name: `Hero ${i}` })));
const LONGER = JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ id: `s_${i}`, name: `Stage ${i}` })));

async function appWith(etag = 'W/"list-1"') {
  const app = Fastify();
  answerConditionalGets(app);
  const copies = compressAnswers(app);
  app.get('/tagged', (_req, reply) => reply.header('etag', etag).type('application/json').send(LONG));
  app.get('/plain', (_req, reply) => reply.type('application/json').send(LONG));
  app.get('/plain-long', (_req, reply) => reply.type('application/json').send(LONGER));
  app.get('/short', (_req, reply) => reply.header('etag', 'W/"s"').type('application/json').send('[]'));
  await app.ready();
  return { app, copies };
}

describe('compressAnswers', () => {
  it('sends an answer with an ETag br or gzip as accepted, making each copy once', async () => {
    const { app, copies } = await appWith();
    const get = (accept?: string) =>
      app.inject({ method: 'GET', url: '/tagged', headers: accept ? { 'accept-encoding': accept } : {} });
    const br = await get('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(LONG);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.byteLength);
    const again = await get('gzip, deflate, br, zstd');
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(LONG);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(LONG);
    expect((await get('identity')).body).toBe(LONG);
    expect(copies.stats()).toMatchObject({ entries: 2, made: 2 });
    await app.close();
  });

  it('makes one copy for requests that ask for it at once', async () => {
    const { app, copies } = await appWith();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        app.inject({ method: 'GET', url: '/tagged', headers: { 'accept-encoding': 'br' } }),
      ),
    );
    for (const a of answers) expect(brotliDecompressSync(a.rawPayload).toString()).toBe(LONG);
    expect(copies.stats().made).toBe(1);
    await app.close();
  });

  it('compresses a long answer without an ETag as it is sent, making no copy to keep', async () => {
    const { app, copies } = await appWith();
    expect(LONG.length).toBeLessThan(COMPRESS_UNTAGGED_FROM);
    expect(LONGER.length).toBeGreaterThanOrEqual(COMPRESS_UNTAGGED_FROM);
    const get = (accept: string) =>
      app.inject({ method: 'GET', url: '/plain-long', headers: { 'accept-encoding': accept } });
    const br = await get('br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(LONGER);
    expect(br.rawPayload.byteLength).toBeLessThan(LONGER.length / 4);
    const gz = await get('gzip, deflate, br, zstd'); // the cheaper to make, when both are accepted
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(LONGER);
    expect((await get('identity')).body).toBe(LONGER);
    expect(copies.stats()).toMatchObject({ entries: 0, made: 0 });
    await app.close();
  });

  it('sends as they are an answer without an ETag under its length, a short one, and a 304', async () => {
    const { app } = await appWith();
    const headers = { 'accept-encoding': 'br' };
    const plain = await app.inject({ method: 'GET', url: '/plain', headers });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(LONG);
    const short = await app.inject({ method: 'GET', url: '/short', headers });
    expect(short.headers['content-encoding']).toBeUndefined();
    expect(short.body).toBe('[]');
    const held = await app.inject({
      method: 'GET',
      url: '/tagged',
      headers: { ...headers, 'if-none-match': 'W/"list-1"' },
    });
    expect(held.statusCode).toBe(304);
    expect(held.headers['content-encoding']).toBeUndefined();
    expect(held.body).toBe('');
    await app.close();
  });
});
