import * as vscode from 'vscode';
import type { AccountService } from '../auth/accountService';
import { ENVIRONMENTS } from '../auth/environments';
import type { Logger } from '../common/logger';
import { UserFacingError } from '../common/userFacingError';
import { EXTENSION_USER_AGENT, recordFromTransport } from './capture';
import type { RequestHistory } from './requestHistory';
import { movesMoney, type RequestRecord, type RequestTemplate } from './requestRecord';

/** Placeholders Replay fills with the current credentials; any other one (a password, a passcode) it cannot. */
const FILLABLE = new Set(['WALLET_APP_KEY', 'WALLET_ACCESS_TOKEN', 'WALLET_DEVELOPER_TOKEN']);

export interface ReplayOutcome {
  status: number;
  durationMs: number;
}

/**
 * Sends a recorded request again (sandbox and staging only) with the current credentials in
 * place of its placeholders. A money-moving POST is sent only when `confirmMoney` (the UI's
 * prompt, src/commands/money/confirmReplay.ts) says yes. The answer lands in the history like
 * any other request.
 */
export class RequestReplayer {
  private readonly inFlight = new Set<number>();

  constructor(
    private readonly accounts: AccountService,
    private readonly history: RequestHistory,
    private readonly logger: Logger,
    private readonly timeoutMs: () => number,
    /** Asks before a money-moving request is sent again: true to send it. */
    private readonly confirmMoney: (record: RequestRecord) => Promise<boolean>,
  ) {}

  /** Undefined when the user said no (or the same record is already being replayed). */
  async replay(record: RequestRecord): Promise<ReplayOutcome | undefined> {
    const env = record.environment;
    if (env === 'production') {
      throw new UserFacingError(vscode.l10n.t('Replay works in the local sandbox and staging only, never in production.'));
    }
    if (env !== this.accounts.env()) {
      throw new UserFacingError(
        vscode.l10n.t('This request went to {0}. Switch to {0} to replay it with its credentials.', ENVIRONMENTS[env].label),
      );
    }
    const template = record.template;
    const unfillable = template.placeholders.filter((name) => !FILLABLE.has(name));
    if (unfillable.length > 0) {
      throw new UserFacingError(
        vscode.l10n.t(
          'This request carried {0}, which Replay never keeps. Copy it as cURL and set the variable yourself.',
          unfillable.map((name) => `$${name}`).join(', '),
        ),
      );
    }
    if (this.inFlight.has(record.id)) return undefined;
    if (movesMoney(template.method, record.path) && !(await this.confirmMoney(record))) return undefined;
    this.inFlight.add(record.id);
    try {
      return await this.send(record, template);
    } finally {
      this.inFlight.delete(record.id);
    }
  }

  private async send(record: RequestRecord, template: RequestTemplate): Promise<ReplayOutcome> {
    const env = record.environment;
    const values = new Map<string, string>();
    const needs = (name: string) => template.placeholders.includes(name);
    if (needs('WALLET_DEVELOPER_TOKEN'))
      values.set('WALLET_DEVELOPER_TOKEN', (await this.accounts.requireDeveloper(env)).secrets.resourceToken);
    const run = async (): Promise<ReplayOutcome> => {
      const fill = (text: string) => text.replace(/\$(WALLET_[A-Z_]+)/g, (match, name: string) => values.get(name) ?? match);
      const headers: Record<string, string> = { 'user-agent': EXTENSION_USER_AGENT };
      for (const [name, value] of template.headers) headers[name] = fill(value);
      const requestBody = fill(template.body);
      const startedAt = Date.now();
      const started = performance.now();
      const response = await fetch(fill(template.url), {
        method: template.method,
        headers,
        body: requestBody === '' ? undefined : requestBody,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs()),
      });
      const responseBody = await response.text();
      const durationMs = performance.now() - started;
      if (env !== 'local') {
        // The sandbox records its own side; for staging the history hears it from here.
        const url = new URL(fill(template.url));
        this.history.add(
          recordFromTransport(env, {
            method: template.method,
            baseUrl: url.origin,
            path: url.pathname,
            query: url.search.slice(1),
            requestHeaders: headers,
            requestBody,
            status: response.status,
            responseHeaders: Object.fromEntries(response.headers.entries()),
            responseBody,
            startedAt,
            durationMs,
          }),
        );
      }
      this.logger.info(`[${env}] Replayed ${template.method} ${record.path} → ${response.status} in ${Math.round(durationMs)} ms`);
      return { status: response.status, durationMs };
    };
    if (needs('WALLET_APP_KEY') && !needs('WALLET_ACCESS_TOKEN'))
      values.set('WALLET_APP_KEY', (await this.accounts.requireAppKey(env)).appKey);
    if (!needs('WALLET_ACCESS_TOKEN')) return run();
    // A fresh access token for the active wallet, refreshed first when it is about to run out.
    return this.accounts.withWallet((_client, credentials) => {
      values.set('WALLET_APP_KEY', credentials.appKey);
      values.set('WALLET_ACCESS_TOKEN', credentials.accessToken);
      return run();
    });
  }
}
