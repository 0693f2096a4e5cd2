// Only server/requestLog.ts still imports the handlers' environment from here; the request
// journal replaces that file: delete this one with it.
export type { SandboxEnv } from './http/router';
