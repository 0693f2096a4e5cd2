// The sandbox's reference data and words, for the editor, the agents and the endpoint features:
// the limits of a fault and of the knobs, the magic values, the findings and their guide, the
// journal entry's shape and the OpenAPI document. Code outside src/sandbox imports this or
// index.ts and nothing else (.dependency-cruiser.cjs); loading this starts nothing and bundles
// no server.

export { FAULT_LENGTHS, FAULT_LIMITS, FAULT_METHODS, FAULT_PHASES, FaultSchema, KNOB_LIMITS, MAX_FAULTS } from './domain/inputs';
export type { Range } from './domain/inputs';
export { MAGIC_ACCOUNTS, MAGIC_AIRTIME_MOBILES, magicTable, PERSONA_MOBILE, PERSONA_PASSCODE } from './domain/magic';
export { findingLines, mostSevereFirst } from './findings/finding';
export type { Finding, FindingRule, FindingSeverity, LandedTransfer } from './findings/finding';
export { RULE_GUIDE, silenceExample } from './findings/ruleGuide';
export { MAX_KEPT_BODY_BYTES } from './requests/entry';
export type { JournalEntry } from './requests/entry';
export { openApiDocument } from './vocabulary/openapiDocument';
