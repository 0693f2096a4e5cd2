import type { RawInput } from '../worlds/input';
import type { OperationName, OperationOutput } from '../worlds/operations';
import type { WorldPort } from './port';

// An operation of the table (worlds/operations.ts) run through a port, with its answer's type.
// Kept out of every public signature: the table's types reach modules (valibot's scenario
// format) that the package's declarations must not name.

export type OperationAnswer<N extends OperationName> = Awaited<OperationOutput<N>>;

export function operate<N extends OperationName>(port: WorldPort, name: N, raw?: RawInput): Promise<OperationAnswer<N>> {
  return port.run(name, raw) as Promise<OperationAnswer<N>>;
}
