import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

// Where the sandbox may POST webhooks. A callback URL is the developer's own receiver, so loopback
// and private LAN addresses stay allowed; what no receiver is, and what a request forger aims at,
// is refused: link-local (169.254.0.0/16, fe80::/10: where cloud metadata services answer), the
// metadata services' names and addresses, and the unspecified addresses. Checked when a URL is set
// (by its host as written) and again when a delivery connects (by the addresses its name resolves to).

const METADATA_NAMES = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);

const REFUSED = new BlockList();
REFUSED.addSubnet('169.254.0.0', 16, 'ipv4'); // link-local, 169.254.169.254 among them
REFUSED.addSubnet('0.0.0.0', 8, 'ipv4'); // "this network": 0.0.0.0 reaches the host itself
REFUSED.addAddress('100.100.100.200', 'ipv4'); // Alibaba Cloud's metadata service
REFUSED.addSubnet('fe80::', 10, 'ipv6'); // link-local
REFUSED.addAddress('fd00:ec2::254', 'ipv6'); // AWS's metadata service over IPv6
REFUSED.addAddress('::', 'ipv6'); // unspecified

/** Whether a webhook may go to this IP address (IPv4-mapped IPv6 is checked as its IPv4). */
export function refusedAddress(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && REFUSED.check(address, family === 4 ? 'ipv4' : 'ipv6');
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
