// What the benchmarks and tests that start their own instances share: a free TCP port on this machine, a statement
// run on PostgreSQL as its administrator (a fresh database made, then dropped), and Debian's nginx in front of the
// instances with deploy/nginx.conf.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

export async function admin(q: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  await c.query(q);
  await c.end();
}

/** Debian's nginx, where it is installed (`apt-get install nginx`). */
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

/**
 * nginx in front of the instances at `ports`, run from deploy/nginx.conf in a folder of its own: answers its address
 * once it answers /api/health, and a stop that ends it and removes the folder.
 */
export async function startNginx(ports: number[]): Promise<{ url: string; stop: () => Promise<void> }> {
  if (!NGINX) throw new Error('nginx is not installed: apt-get install nginx');
  const dir = mkdtempSync(join(tmpdir(), 'runeborn-nginx-'));
  // nginx's workers drop root for nobody: they must reach the temp folders
  chmodSync(dir, 0o755);
  for (const d of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(join(dir, d), { mode: 0o777 });
  const listen = await freePort();
  const conf = readFileSync('deploy/nginx.conf', 'utf8')
    .replaceAll('{{PREFIX}}', dir)
    .replace('{{DAEMON}}', 'daemon off;')
    .replace('{{LISTEN}}', `127.0.0.1:${listen}`)
    .replace('{{UPSTREAMS}}', ports.map((p) => `    server 127.0.0.1:${p};`).join('\n'));
  writeFileSync(join(dir, 'nginx.conf'), conf);
  const child: ChildProcess = spawn(
    NGINX,
    ['-c', join(dir, 'nginx.conf'), '-p', dir, '-e', join(dir, 'error.log')],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${listen}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`nginx exited with ${child.exitCode}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, stop };
    } catch {
      // not up yet
    }
    if (i > 300) {
      await stop();
      throw new Error('nginx did not answer');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
