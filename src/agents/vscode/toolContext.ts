import type { AccountService } from '../../auth/accountService';
import { ENVIRONMENTS } from '../../auth/environments';
import type { LocalSandbox } from '../../localSandbox/localSandbox';
import type { RecentRequests, ToolContext } from '../tools/context';

/** The tools' view of the extension: the current environment, its active wallet, the local sandbox. */
export function extensionToolContext(accounts: AccountService, sandbox: LocalSandbox, requests: RecentRequests): ToolContext {
  return {
    environment: () => {
      const env = ENVIRONMENTS[accounts.env()];
      return { label: env.label, local: env.id === 'local', live: env.live };
    },
    withWallet: (work, mobile) => accounts.withWallet(work, mobile),
    defaultWallet: () => accounts.activeWallet()?.mobile,
    // Asked afresh each time: an agent asks rarely, and the views' session cache stays theirs.
    listBanks: () => accounts.listBanks(),
    recentRequests: requests,
    sandbox: () => sandbox.instance(),
  };
}
