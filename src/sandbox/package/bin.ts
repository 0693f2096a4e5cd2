// `npx wallet-sandbox [options]`: the package's CLI, the same as `npm run sandbox` in the
// extension's repository (without --mcp, which needs the MCP SDK the package does not carry).
import { runCli, startFailure, USAGE } from '../cli';

runCli(process.argv.slice(2), undefined, USAGE.replace('npm run sandbox -- [options]', 'wallet-sandbox [options]')).catch(
  (error: unknown) => {
    console.error(startFailure(error));
    process.exit(1);
  },
);
