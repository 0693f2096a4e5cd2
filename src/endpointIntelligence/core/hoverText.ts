// The hover of an API path, as Markdown: per method what it does, the headers it needs, its
// parameters and body fields (amounts in kobo), the answer's shape, the errors, and in the local
// sandbox the magic values that apply. Never a key or token: only the header names.

import * as l10n from '@vscode/l10n';
import type { Catalog, Endpoint, Field, HttpMethod, Operation } from './catalog';
import { magicFor } from './magicValues';

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

function headerLines(operation: Operation, catalog: Catalog): string[] {
  const alternatives = operation.security.map((names) =>
    names
      .map((name) => {
        const scheme = catalog.schemes.get(name);
        return scheme ? `\`${scheme.header}\` (${scheme.description})` : `\`${name}\``;
      })
      .join(l10n.t(' and ')),
  );
  const own = operation.headers.map(fieldLine);
  if (alternatives.length === 0 && own.length === 0) return [`**${l10n.t('Headers')}**: ${l10n.t('none (no key needed)')}`, ''];
  return [
    `**${l10n.t('Headers')}**`,
    '',
    ...alternatives.map((alternative) => `- ${alternative}`),
    ...own.map((line) => `${line} ${l10n.t('(sandbox only)')}`),
    '',
  ];
}

function operationText(operation: Operation, endpoint: Endpoint, catalog: Catalog, options: HoverOptions): string[] {
  const lines = [`### ${operation.method} \`${endpoint.path}\``, '', operation.summary, ''];
  if (operation.description) lines.push(operation.description, '');
  lines.push(...headerLines(operation, catalog));
  lines.push(...section(l10n.t('Path parameters'), operation.pathParams));
  lines.push(...section(l10n.t('Query'), operation.queryParams));
  lines.push(...section(l10n.t('Body (JSON or form; amounts are integer kobo: 150050 is ₦1,500.50)'), operation.body));
  lines.push(...section(l10n.t('Answer: data'), operation.answer));
  if (operation.errors.length > 0) {
    lines.push(`**${l10n.t('Errors')}**`, '', ...operation.errors.map((error) => `- \`${error.status}\` ${error.description}`), '');
  }
  if (options.local) {
    const magic = magicFor(operation.operationId);
    if (magic.values.length > 0 || magic.outcomeHeader) {
      lines.push(`**${l10n.t('Local sandbox: magic values')}**`, '');
      lines.push(...magic.values.map((value) => `- \`${value.value}\` ${value.description}`));
      if (magic.outcomeHeader) {
        lines.push(
          `- \`${magic.outcomeHeader.name}: ${magic.outcomeHeader.values.join(' | ')}\` ${l10n.t('forces one outcome for one request')}`,
        );
      }
      lines.push('');
    }
  }
  return lines;
}

/** The hover's Markdown for an endpoint: every method it takes, the one the code shows first. */
export function hoverMarkdown(endpoint: Endpoint, catalog: Catalog, options: HoverOptions): string {
  const operations = [...endpoint.operations].sort((a, b) => Number(b.method === options.shown) - Number(a.method === options.shown));
  const methods = endpoint.operations.map((operation) => operation.method).join(', ');
  const head = [`**${l10n.t('Wallet API')}** · \`${endpoint.path}\` · ${methods}`, ''];
  return [
    ...head,
    ...operations.flatMap((operation, index) => [
      ...(index > 0 ? ['---', ''] : []),
      ...operationText(operation, endpoint, catalog, options),
    ]),
  ]
    .join('\n')
    .trimEnd();
}
