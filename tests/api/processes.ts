// Servers as `npm start` runs them, in processes of their own (src/server/main.ts), for the tests of several
// instances on one database: started on a free port, stopped (or killed) and waited for.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Harness, TestDatabase } from './helpers.ts';

/**
 * Starts an instance on `databaseUrl` (`env` added to its environment); answers it and its address once it serves
 * (`spawned` is handed the process at once, for a test that signals it before then).
 */
export function startServer(
  databaseUrl: string,
  env: Record<string, string> = {},
  spawned?: (child: ChildProcess) => void,
): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: '0',
        HOST: '127.0.0.1',
        RATE_LIMIT: 'off',
        LOG_LEVEL: 'info',
        ODDS_THREADS: '1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    spawned?.(child);
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL'); // never left running behind a failed start
      reject(new Error(`server did not start: ${out}`));
    }, 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        child.stdout!.removeAllListeners('data');
        child.stdout!.resume();
        resolve({ child, url: m[1] });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
}

/** Stops an instance (SIGTERM, or SIGKILL: it dies at once) and waits for it to exit. */
export function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** A harness's calls made over HTTP to an instance at `url` (helpers such as newPlayer take it). */
export function remote(db: TestDatabase, url: string): Harness {
  return {
    app: undefined as never,
    db,
    async call(method, path, body) {
      const res = await fetch(url + path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json', origin: url },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      let parsed: unknown = text;
      if ((res.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(text);
      return { status: res.status, body: parsed as never };
    },
    async close() {},
  };
}

/**
 * A port free now on 127.0.0.1 (for a process told its port ahead: its metrics, or one polled before it is up), drawn
 * below the kernel's ephemeral range: a port the kernel handed out (port 0) could be handed again, to any outgoing
 * connection, in the seconds before the process listens on it (a rehearsal's metrics listener met EADDRINUSE so).
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 10_000 + Math.floor(Math.random() * (Math.max(ephemeralFrom(), 11_000) - 10_000));
    const free = await new Promise<boolean>((resolve) => {
      const s = createServer();
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/** The first port of the kernel's ephemeral range (Linux's default where it cannot be read). */
function ephemeralFrom(): number {
  try {
    return (
      Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32_768
    );
  } catch {
    return 32_768;
  }
}

/** The script `name` of the scripts folder, as `npm run <name> -- ARGS` runs it, on `databaseUrl`: its exit code and
 * what it printed. */
export function runScript(
  name: string,
  databaseUrl: string,
  ...args: string[]
): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `scripts/${name}.ts`, ...args],
      { env: { ...process.env, DATABASE_URL: databaseUrl } },
      (err, stdout, stderr) =>
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
    );
  });
}
