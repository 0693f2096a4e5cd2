import type { Bank } from '../api';
import type { AccountService } from '../auth/accountService';
import type { EnvironmentId } from '../auth/environments';
import type { Logger } from '../common/logger';
import { countText } from '../common/plural';

/**
 * The bank list, fetched once per environment and app per session (the API answers it as the
 * active app may see it) and shared by the panel and the palette command. Callers that ask
 * while the fetch runs share it; a failed fetch is not kept, so the next ask tries again.
 */
export class BankDirectory {
  private readonly lists = new Map<string, Promise<readonly Bank[]>>();

  constructor(
    private readonly accounts: AccountService,
    private readonly logger: Logger,
  ) {}

  banks(env: EnvironmentId = this.accounts.env()): Promise<readonly Bank[]> {
    const key = `${env}:${this.accounts.activeApp(env)?.id ?? ''}`;
    let list = this.lists.get(key);
    if (!list) {
      list = this.fetch(env);
      this.lists.set(key, list);
      list.catch(() => {
        if (this.lists.get(key) === list) this.lists.delete(key);
      });
    }
    return list;
  }

  /** The bank with this code in the (cached) list, if the list is loaded and has it. */
  async find(bankCode: string, env: EnvironmentId = this.accounts.env()): Promise<Bank | undefined> {
    return (await this.banks(env)).find((bank) => bank.bankCode === bankCode);
  }

  private async fetch(env: EnvironmentId): Promise<readonly Bank[]> {
    const banks = await this.accounts.listBanks(env);
    this.logger.info(`Loaded ${countText(banks.length, `${banks.length} bank`, `${banks.length} banks`, 'en')} for ${env}.`);
    // Sorted by name whatever order the server used, so the picker reads alphabetically.
    return Object.freeze([...banks].sort((a, b) => a.bankName.localeCompare(b.bankName)));
  }
}
