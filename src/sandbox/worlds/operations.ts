import type { SandboxEnv } from './env';
import type { RawInput } from './input';
import type { Operation } from './operation';
import { findingOperations } from './findings';
import { requestOperations } from './requestOperations';
import { walletOperations } from './walletOperations';
import { webhookOperations } from './webhookOperations';
import { worldOperations } from './worldOperations';

// THE table of a world's operations (reads and controls). The admin API's routes are made from
// it (admin/operationRoutes.ts); Sandbox, a namespace, the package's worlds and the local client
// call it (worlds/controls.ts); the remote client sends the same requests. Adding a control is
// one entry here and its tests. Order matters where routes overlap: the first that matches answers.

export const OPERATIONS = { ...walletOperations, ...worldOperations, ...webhookOperations, ...requestOperations, ...findingOperations };

export type OperationName = keyof typeof OPERATIONS;
type Table = typeof OPERATIONS;
export type OperationOutput<N extends OperationName> = ReturnType<Table[N]['run']>;

/** Checks the input, then runs the operation on the env's world; throws ApiError as the admin API answers it. */
export function runOperation<N extends OperationName>(env: SandboxEnv, name: N, raw: RawInput = {}): OperationOutput<N> {
  const op = OPERATIONS[name] as unknown as Operation<unknown, OperationOutput<N>>;
  return op.run(env, op.input(raw));
}
