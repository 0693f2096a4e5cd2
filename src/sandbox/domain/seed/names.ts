import { Random } from '../random';

// Names from Nigeria's main language groups, so generated account holders look like real ones.

const SURNAMES = [
  'ADEBAYO',
  'ADEYEMI',
  'AKINOLA',
  'BALOGUN',
  'OGUNLEYE',
  'OLADIPO',
  'OYELARAN',
  'ADEWALE',
  'FASHOLA',
  'ODUNSI',
  'OKAFOR',
  'EZE',
  'NWOSU',
  'OKONKWO',
  'CHUKWU',
  'OBI',
  'NWACHUKWU',
  'ANYANWU',
  'IWUCHUKWU',
  'OKEKE',
  'ABUBAKAR',
  'BELLO',
  'DANJUMA',
  'IBRAHIM',
  'MUSA',
  'SULEIMAN',
  'YUSUF',
  'DAMBATTA',
  'GARBA',
  'LAWAL',
  'EFFIONG',
  'ETIM',
  'OKON',
  'IGWE',
  'OSAGIE',
  'IDAHOSA',
  'OMOREGIE',
  'TIV',
  'AGBO',
  'EKWUEME',
];

const FIRST_NAMES = [
  'ADEBOLA',
  'AYODELE',
  'BABATUNDE',
  'FOLASADE',
  'OLUWASEUN',
  'TEMITOPE',
  'OLUWAFEMI',
  'YETUNDE',
  'KEHINDE',
  'TAIWO',
  'CHIDI',
  'CHIOMA',
  'EMEKA',
  'IFEOMA',
  'NGOZI',
  'OBINNA',
  'UCHENNA',
  'ADAEZE',
  'CHINEDU',
  'NNEKA',
  'AMINU',
  'FATIMA',
  'HAUWA',
  'MARYAM',
  'MUHAMMAD',
  'SANI',
  'ZAINAB',
  'ABDULLAHI',
  'AISHA',
  'UMAR',
  'AKPAN',
  'ENO',
  'EKAETE',
  'OSARO',
  'EFOSA',
  'GRACE',
  'DANIEL',
  'BLESSING',
  'SAMUEL',
  'JOY',
];

const MIDDLE_NAMES = ['LAMI', 'ADE', 'NKEM', 'OLU', 'HALIMA', 'IKENNA', 'TOLU', 'BINTA', 'CHUKA', 'FUNMI', 'KELECHI', 'SADIQ'];

/** An upper-case full name, "SURNAME FIRST [MIDDLE]", like the names banks return. */
export function nigerianName(rng: Random): string {
  const parts = [rng.pick(SURNAMES), rng.pick(FIRST_NAMES)];
  if (rng.next() < 0.5) {
    parts.push(rng.pick(MIDDLE_NAMES));
  }
  return parts.join(' ');
}

/** A first and last name pair, for BVN lookups. */
export function personName(rng: Random): { firstName: string; lastName: string } {
  return { firstName: rng.pick(FIRST_NAMES), lastName: rng.pick(SURNAMES) };
}

/**
 * The one name a bank account carries everywhere in the sandbox (history, verification): it
 * follows from bank and number, so the same account always has the same holder.
 */
export function accountHolderName(bankCode: string, accountNumber: string): string {
  return nigerianName(new Random(fnv1a(`account-name|${bankCode}|${accountNumber}`)));
}

/** Likewise for a phone recipient: the same mobile is always the same person. */
export function mobileHolderName(mobile: string): string {
  return nigerianName(new Random(fnv1a(`mobile-name|${mobile}`)));
}

/** 32-bit FNV-1a: a history names tens of thousands of recipients, sha256 for each was too slow. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** The holder of a BVN: the same BVN always names the same person (GET /v1/queries/bvn). */
export function bvnHolder(bvn: string): { firstName: string; surname: string; middleName: string; rng: Random } {
  const rng = new Random(fnv1a(`bvn-holder|${bvn}`));
  return { surname: rng.pick(SURNAMES), firstName: rng.pick(FIRST_NAMES), middleName: rng.pick(MIDDLE_NAMES), rng };
}
