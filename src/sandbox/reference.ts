// The sandbox's reference data and words, for the editor, the agents and the endpoint features:
// its input concepts and their limits (a fault, the knobs, a mobile, kobo), the magic values,
// the findings and their guide, the journal entry's shape and the OpenAPI document. Code outside
// src/sandbox imports this or index.ts and nothing else (.dependency-cruiser.cjs); loading this
// starts nothing and bundles no server.

// The input concepts, each one valibot schema with its limits (domain/inputs.ts): the agent tools'
// input schemas and the editor's prompts check with these, so they take what the sandbox takes.
export {
  DEFAULT_MAX_NAMESPACES,
  FAULT_LENGTHS,
  FAULT_LIMITS,
  FAULT_METHODS,
  FAULT_PHASES,
  FaultSchema,
  KNOB_LIMITS,
  KNOB_SCHEMAS,
  kobo,
  MAX_FAULTS,
  mobile,
  NAMESPACE_LIMITS,
  normaliseMobile,
  walletMobile,
  WEBHOOK_CONTROL_LIMITS,
} from './domain/inputs';
export type { Range } from './domain/inputs';
export { MAGIC_ACCOUNTS, MAGIC_AIRTIME_MOBILES, magicTable, PERSONA_MOBILE, PERSONA_PASSCODE } from './domain/magic';
export { CHECK_USER_AGENT, EDITOR_USER_AGENT, findingLines, mostSevereFirst } from './findings/finding';
export type { Finding, FindingRule, FindingSeverity, FindingsQuery, LandedTransfer } from './findings/finding';
export { RULE_GUIDE, silenceExample } from './findings/ruleGuide';
export { MAX_KEPT_BODY_BYTES } from './requests/entry';
export type { JournalEntry } from './requests/entry';
export { openApiDocument } from './vocabulary/openapiDocument';
export { ErrorCode } from './vocabulary/errors';
