// What a CodeLens hands its command: the document and the place of the path on its line. The
// command reads the line again, so it acts on what the line says when it runs.
import * as vscode from 'vscode';
import { operationOf, useOf, type PathUse } from '../core/analyze';
import { apiCatalog } from '../core/apiCatalog';
import type { Endpoint, Operation } from '../core/catalog';
import { findPaths } from '../core/pathFinder';
import { UserFacingError } from '../../common/userFacingError';
import { isHttpFile } from '../languages';

export interface LineTarget {
  uri: string;
  line: number;
  /** Column of the path's first `/`. */
  column: number;
}

export function isLineTarget(value: unknown): value is LineTarget {
  const target = value as Partial<LineTarget> | undefined;
  return typeof target?.uri === 'string' && Number.isInteger(target.line) && Number.isInteger(target.column);
}

export interface TargetedUse {
  use: PathUse;
  endpoint: Endpoint;
  operation: Operation;
}

/** The use of an API path the target points at. */
export async function useAt(target: unknown): Promise<TargetedUse> {
  if (!isLineTarget(target))
    throw new UserFacingError(vscode.l10n.t('Use this from the CodeLens above a line that names a wallet API path.'));
  const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(target.uri));
  const http = isHttpFile(document);
  const lines: string[] = [];
  for (let index = target.line; index < Math.min(document.lineCount, target.line + 7); index++) lines.push(document.lineAt(index).text);
  const found = findPaths(lines[0] ?? '', http).find((path) => path.start === target.column);
  const use = found && useOf(apiCatalog(), lines, 0, found, http);
  const operation = use && operationOf(use);
  if (!use?.match || !operation) throw new UserFacingError(vscode.l10n.t('This line no longer names an endpoint of the wallet API.'));
  // The use as read from the target's lines (its `line` counts from the target's line).
  return { use, endpoint: use.match.endpoint, operation };
}
