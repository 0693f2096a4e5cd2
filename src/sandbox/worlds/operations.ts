import type { SandboxEnv } from './env';
import type { RawInput } from './input';
import type { Operation } from './operation';
import { requestOperations } from './requestQuery';
import { walletOperations } from './walletOperations';
import { webhookOperations } from './webhookOperations';
import { findingOperations, worldOperations } from './worldOperations';

// THE table of a world's operations (reads and controls). The admin API's routes are made from
// it (admin/operationRoutes.ts); Sandbox, a namespace, the package's worlds and the local client
// call it (worlds/controls.ts); the remote client sends the same requests; the admin half of
// openapi.json is generated from it (npm run openapi:admin). Adding a control is one entry (its
// route, input schema, doc and run: worlds/operation.ts), the generator run, and its tests.
// Order matters where routes overlap: the first that matches answers.

export const OPERATIONS = { ...walletOperations, ...worldOperations, ...webhookOperations, ...requestOperations, ...findingOperations };

export type OperationName = keyof typeof OPERATIONS;
type Table = typeof OPERATIONS;
export type OperationOutput<N extends OperationName> = ReturnType<Table[N]['run']>;

/** Checks the input, then runs the operation on the env's world; throws ApiError as the admin API answers it. */
export function runOperation<N extends OperationName>(env: SandboxEnv, name: N, raw: RawInput = {}): OperationOutput<N> {
  const op = OPERATIONS[name] as unknown as Operation<unknown, OperationOutput<N>>;
  return op.run(env, op.input(raw));
}
