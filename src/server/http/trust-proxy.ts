// TRUST_PROXY: which peers may tell us the client's address in X-Forwarded-For (rate limits count req.ip).
// The default trusts none. A number trusts that many proxy hops in front of the server; a comma-separated list
// of addresses, CIDR ranges or proxy-addr's names (loopback, linklocal, uniquelocal) trusts only those peers.
// "on"/"true" (which once trusted every X-Forwarded-For) is refused at startup: anyone could then pick the
// address their requests are counted under.
import { isIP } from 'node:net';

/** What Fastify's trustProxy is given: false (trust none), the trusted addresses, or a function of the hop. */
export type ProxyTrust = false | string[] | ((address: string, hop: number) => boolean);

const NONE = new Set(['', 'off', 'false', 'no', 'none', '0']);
const EVERYONE = new Set(['on', 'true', 'yes', 'all', '*']);
const MAX_HOPS = 16;
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range (address/bits) or an IPv4 range with a netmask, as proxy-addr reads them. */
function validEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, range, ...rest] = entry.split('/');
  const kind = isIP(address);
  if (kind === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d+$/.test(range)) return Number(range) > 0 && Number(range) <= (kind === 4 ? 32 : 128);
  return kind === 4 && isIP(range) === 4;
}

export class TrustProxyError extends Error {}

/** Reads TRUST_PROXY (or the same value handed to buildApp); throws TrustProxyError with a readable reason. */
export function parseTrustProxy(value: string | number | undefined): ProxyTrust {
  const text = String(value ?? '')
    .trim()
    .toLowerCase();
  if (NONE.has(text)) return false;
  if (EVERYONE.has(text))
    throw new TrustProxyError(
      `TRUST_PROXY=${text} would trust every X-Forwarded-For, so any client could choose the address its ` +
        'requests are counted under. Give your proxy instead: its addresses or ranges (TRUST_PROXY=127.0.0.1 or ' +
        '10.0.0.0/8,loopback) or the number of proxies in front of the server (TRUST_PROXY=1).',
    );
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_HOPS) throw new TrustProxyError(`TRUST_PROXY=${text}: at most ${MAX_HOPS} proxy hops`);
    // Fastify 5 trusts nothing for a bare number; proxy-addr's meaning (the nearest `hops` addresses are
    // proxies) is what an operator means by it, so it is spelled out here.
    return (_address, hop) => hop < hops;
  }
  const entries = text.split(',').map((e) => e.trim());
  if (entries.some((e) => e === ''))
    throw new TrustProxyError(`TRUST_PROXY=${text}: an empty entry in the address list`);
  const wrong = entries.find((e) => !validEntry(e));
  if (wrong !== undefined)
    throw new TrustProxyError(
      `TRUST_PROXY: "${wrong}" is not an address or range (expected a hop count, or addresses, CIDR ranges, ` +
        'loopback, linklocal or uniquelocal separated by commas)',
    );
  return entries;
}
