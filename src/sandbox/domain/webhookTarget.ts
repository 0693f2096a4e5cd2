import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

// Where the sandbox may POST webhooks. A callback URL is the developer's own receiver, so loopback
// and private LAN addresses stay allowed; what no receiver is, and what a request forger aims at,
// is refused: link-local (169.254.0.0/16, fe80::/10: where cloud metadata services answer), the
// metadata services' names and addresses, and the unspecified addresses. An IPv6 form of an IPv4
// address (::ffff:a9fe:a9fe, ::a9fe:a9fe, 64:ff9b::a9fe:a9fe) is checked as that IPv4 address.
// Checked when a URL is set (by its host as written) and again when a delivery connects (by the
// addresses its name resolves to).

const METADATA_NAMES = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);

const REFUSED = new BlockList();
REFUSED.addSubnet('169.254.0.0', 16, 'ipv4'); // link-local, 169.254.169.254 among them
REFUSED.addSubnet('0.0.0.0', 8, 'ipv4'); // "this network": 0.0.0.0 reaches the host itself
REFUSED.addAddress('100.100.100.200', 'ipv4'); // Alibaba Cloud's metadata service
REFUSED.addSubnet('fe80::', 10, 'ipv6'); // link-local
REFUSED.addAddress('fd00:ec2::254', 'ipv6'); // AWS's metadata service over IPv6
REFUSED.addAddress('::', 'ipv6'); // unspecified

/** The 8 groups of an IPv6 address (isIP said 6), its zone left out and a dotted IPv4 tail read as two groups. */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0] ?? '';
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const groups = (part: string | undefined): number[] => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const [head, tail] = text.split('::');
  if (tail === undefined) return groups(head);
  const [before, after] = [groups(head), groups(tail)];
  return [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/**
 * The IPv4 address an IPv6 one carries in its last 32 bits, where the IPv6 form is only a way to
 * reach that IPv4 address: IPv4-mapped (::ffff:0:0/96), IPv4-translated (::ffff:0:0:0/96),
 * IPv4-compatible (::/96, but :: and ::1 are IPv6's own) and NAT64's well-known prefix (64:ff9b::/96).
 */
function embeddedIpv4(address: string): string | undefined {
  const g = ipv6Groups(address);
  const zeros = (from: number, to: number): boolean => g.slice(from, to).every((group) => group === 0);
  const carries =
    (zeros(0, 5) && g[5] === 0xffff) ||
    (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) ||
    (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) ||
    (zeros(0, 6) && !(g[6] === 0 && (g[7] ?? 0) <= 1));
  if (!carries) return undefined;
  const [high, low] = [g[6] ?? 0, g[7] ?? 0];
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** Whether a webhook may go to this IP address; an IPv6 form that carries an IPv4 address (embeddedIpv4) is checked as that address. */
export function refusedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return REFUSED.check(address, 'ipv4');
  if (family !== 6) return false;
  const ipv4 = embeddedIpv4(address);
  return ipv4 === undefined ? REFUSED.check(address, 'ipv6') : REFUSED.check(ipv4, 'ipv4');
}

/** Why the sandbox will not POST to this URL's host, or undefined when it may. Names the host, never the URL (it may hold a password). */
export function webhookTargetRefusal(url: string): string | undefined {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (!parsed) return undefined;
  const host = parsed.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (METADATA_NAMES.has(host) || refusedAddress(host)) {
    return (
      `callbackURL cannot point at ${host}: link-local, cloud metadata and unspecified addresses are refused. ` +
      'Use your receiver’s address, such as http://localhost:3000/webhooks or a LAN address'
    );
  }
  return undefined;
}

/** The URL with any user name and password in it replaced by `***`: what events, answers and errors show. */
export function withoutUserInfo(url: string): string {
  const at = url.indexOf('@');
  if (at < 0) return url;
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (!parsed || (parsed.username === '' && parsed.password === '')) return url;
  parsed.username = '***';
  parsed.password = '';
  return parsed.href;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup for a webhook's connection: a name that resolves to a refused address fails as EWEBHOOKTARGET. */
export function webhookLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((entry) => refusedAddress(entry.address));
    if (refused) {
      const blocked: NodeJS.ErrnoException = new Error(`${hostname} resolves to ${refused.address}, a refused webhook target`);
      blocked.code = 'EWEBHOOKTARGET';
      return callback(blocked, []);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}
