// How a biller is named for people. The API sends lowercase codes ("ikedc", "dstv", "mtn");
// the tree, the panel, the prompts and the export's readers see one spelling, from this table
// only. Plain data: no vscode.

/**
 * The brands' own spellings. One name per network: the API's `etisalat` is the network that
 * has been called 9mobile since 2017, so both codes show as "9mobile".
 */
const BILLER_NAMES: Readonly<Record<string, string>> = {
  mtn: 'MTN',
  airtel: 'Airtel',
  glo: 'Glo',
  '9mobile': '9mobile',
  etisalat: '9mobile',
  dstv: 'DStv',
  gotv: 'GOtv',
  startimes: 'StarTimes',
  ikedc: 'IKEDC',
  ekedc: 'EKEDC',
  aedc: 'AEDC',
  phed: 'PHED',
  kedco: 'KEDCO',
  ibedc: 'IBEDC',
  eedc: 'EEDC',
  jed: 'JED',
  spectranet: 'Spectranet',
  smile: 'Smile',
};

/** "ikedc" → "IKEDC", "dstv" → "DStv"; an unknown short code in capitals; anything else as sent. */
export function formatBillerName(raw: string): string {
  const name = raw.trim();
  const key = name.toLowerCase();
  if (Object.hasOwn(BILLER_NAMES, key)) return BILLER_NAMES[key]!;
  return /^[a-z0-9]{2,6}$/.test(name) ? name.toUpperCase() : name;
}
