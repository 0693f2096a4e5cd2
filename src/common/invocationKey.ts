/**
 * What makes two command runs "the same": the command and its argument. Disconnect Wallet on
 * two different wallets is two runs; the same click twice is one. An argument that cannot be
 * written out (a cycle) keys on the command alone, as before.
 */
export function invocationKey(command: string, args: readonly unknown[]): string {
  if (args.every((argument) => argument === undefined)) return command;
  try {
    return `${command}\u0000${JSON.stringify(args)}`;
  } catch {
    return command;
  }
}
