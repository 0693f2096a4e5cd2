// The hover of an API path, as Markdown: per method what it does, the headers it needs, its
// parameters and body fields (amounts in kobo), the answer's shape, the errors, and in the local
// sandbox the magic values that apply. Never a key or token: only the header names.

import * as l10n from '@vscode/l10n';
import { MONEY_WORDS } from '../../common/moneyWords';
import { answersStatusCode, type Catalog, type Endpoint, type Field, type HttpMethod, type Operation } from './catalog';
import { magicFor } from './magicValues';
import { MONEY_COMMANDS } from './moneyCommands';

export interface HoverOptions {
  /** The method the code shows; its operation comes first. */
  shown?: HttpMethod;
  /** The local sandbox is the environment: list its magic values. */
  local: boolean;
}

function fieldLine(field: Field): string {
  const required = field.required ? l10n.t('required') : l10n.t('optional');
  const description = field.description ? ` — ${field.description}` : '';
  return `- \`${field.name}\` *${field.type}*, ${required}${description}`;
}

function section(title: string, fields: Field[]): string[] {
  return fields.length === 0 ? [] : [`**${title}**`, '', ...fields.map(fieldLine), ''];
}

/** What each security scheme's header holds, in a few words (the document's own descriptions are long). */
function schemeWords(name: string): string | undefined {
  switch (name) {
    case 'AppKey':
      return l10n.t('the app key');
    case 'WalletToken':
      return l10n.t('the wallet access token');
    case 'ResourceToken':
      return l10n.t('the developer resource token');
    case 'LoginToken':
      return l10n.t('Bearer and the login token');
    default:
      return undefined;
  }
}

function headerLine(operation: Operation, catalog: Catalog): string[] {
  const alternatives = operation.security.map((names) =>
    names
      .map((name) => {
        const header = catalog.schemes.get(name)?.header ?? name;
        const words = schemeWords(name);
        return words ? `\`${header}\` (${words})` : `\`${header}\``;
      })
      .join(l10n.t(' and ')),
  );
  const needed = alternatives.length === 0 ? l10n.t('none (no key needed)') : alternatives.join(l10n.t(', or '));
  return [`**${l10n.t('Headers')}**: ${needed}`, ''];
}

/** A magic value that answers a 5xx and moves nothing: the app cannot tell, and requeries all the same. */
function magicWords(description: string): string {
  return /\b5\d\d\b/.test(description) ? `${description.replace(/\.$/, '')}; ${MONEY_WORDS.sandboxFiveXx}` : description;
}

function magicLines(operation: Operation): string[] {
  const magic = magicFor(operation.operationId);
  if (magic.values.length === 0 && !magic.outcomeHeader) return [];
  const lines = [
    `**${l10n.t('Local sandbox: magic values')}**`,
    '',
    ...magic.values.map((value) => `- \`${value.value}\` ${magicWords(value.description)}`),
  ];
  if (magic.outcomeHeader) {
    lines.push(
      `- \`${magic.outcomeHeader.name}: ${magic.outcomeHeader.values.join(' | ')}\` ${l10n.t('(header) forces one outcome for one request')}`,
    );
  }
  return [...lines, ''];
}

/** What a money-moving call and a transfer's status mean, in the product's one voice (common/moneyWords.ts). */
function moneyLines(operation: Operation): string[] {
  const lines: string[] = [];
  if (MONEY_COMMANDS[operation.operationId]) lines.push(`**${l10n.t('Money')}**: ${MONEY_WORDS.neverRetry} ${MONEY_WORDS.noAnswer}`, '');
  if (answersStatusCode(operation)) lines.push(`**${l10n.t('Pending')}**: ${MONEY_WORDS.pending}`, '');
  return lines;
}

function title(operation: Operation, endpoint: Endpoint): string {
  return `**${l10n.t('Wallet API')}** · **${operation.method}** \`${endpoint.path}\` — ${operation.summary}`;
}

function operationText(operation: Operation, endpoint: Endpoint, catalog: Catalog, options: HoverOptions): string[] {
  const lines = [title(operation, endpoint), ''];
  if (operation.description) lines.push(operation.description, '');
  lines.push(...moneyLines(operation));
  lines.push(...headerLine(operation, catalog));
  lines.push(...section(l10n.t('Path parameters'), operation.pathParams));
  lines.push(...section(l10n.t('Query'), operation.queryParams));
  lines.push(...section(l10n.t('Body (JSON or form; amounts are integer kobo: 150050 is ₦1,500.50)'), operation.body));
  lines.push(...section(l10n.t('Answer'), operation.answer));
  // An error only the sandbox gives (its Host guard) is listed while it is the environment.
  const errors = operation.errors.filter((error) => options.local || !error.sandboxOnly);
  if (errors.length > 0) {
    lines.push(`**${l10n.t('Errors')}**`, '', ...errors.map((error) => `- \`${error.status}\` ${error.description}`), '');
  }
  if (options.local) lines.push(...magicLines(operation));
  return lines;
}

/**
 * The hover's Markdown for an endpoint: the operation the code shows (else GET, else the first) in
 * full, and a line for each other method the path takes.
 */
export function hoverMarkdown(endpoint: Endpoint, catalog: Catalog, options: HoverOptions): string {
  const main =
    endpoint.operations.find((operation) => operation.method === options.shown) ??
    endpoint.operations.find((operation) => operation.method === 'GET') ??
    endpoint.operations[0];
  if (!main) return '';
  const others = endpoint.operations.filter((operation) => operation !== main);
  const also = others.length === 0 ? [] : ['---', '', ...others.map((operation) => `${l10n.t('Also')}: ${title(operation, endpoint)}`)];
  return [...operationText(main, endpoint, catalog, options), ...also].join('\n').trimEnd();
}
