import { bvnHolder } from './seed/names';

// BVN queries (GET /v1/queries/bvn): a made-up but stable identity per BVN, and the charge.

/** "Standard BVN charges of N35 per query" (the service's Query BVN page), in kobo. */
export const BVN_CHARGE_KOBO = 3500;

/** A BVN that resolves to nobody (404, 30003), for an app's "not found" path. */
export const MAGIC_UNRESOLVED_BVN = '22000000000';

export const BVN_PATTERN = /^\d{11}$/;

export interface BvnIdentity {
  firstName: string;
  surname: string;
  mobileNumber: string;
  middleName: string;
  dateOfBirth: string;
  responseMessage: 'SUCCESSFUL';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// Prefixes of the Nigerian networks, so the numbers look real.
const MOBILE_PREFIXES = ['0703', '0706', '0803', '0806', '0810', '0813', '0816', '0903', '0906', '0705', '0805', '0807'];

/** The identity the sandbox answers for a BVN, in the documented form ("23-Feb-84"); undefined for the magic one. */
export function lookupBvn(bvn: string): BvnIdentity | undefined {
  if (bvn === MAGIC_UNRESOLVED_BVN) {
    return undefined;
  }
  const { firstName, surname, middleName, rng } = bvnHolder(bvn);
  const mobileNumber = `${rng.pick(MOBILE_PREFIXES)}${rng.digits(7)}`;
  const year = rng.int(1950, 2005);
  const month = rng.int(0, 11);
  const day = rng.int(1, new Date(Date.UTC(year, month + 1, 0)).getUTCDate());
  const dateOfBirth = `${String(day).padStart(2, '0')}-${MONTHS[month]}-${String(year % 100).padStart(2, '0')}`;
  return { firstName, surname, mobileNumber, middleName, dateOfBirth, responseMessage: 'SUCCESSFUL' };
}
