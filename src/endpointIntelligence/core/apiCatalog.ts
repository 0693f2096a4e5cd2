// The catalog of the API, built once from the OpenAPI document (read from disk on first use:
// dist/openapi.json beside the bundles, src/sandbox/openapi.json beside the compiled sources).

import * as l10n from '@vscode/l10n';
import { openApiDocument } from '../../sandbox/openapiDocument';
import { buildCatalog, type Catalog } from './catalog';

let catalog: Catalog | undefined;

export function apiCatalog(): Catalog {
  catalog ??= buildCatalog(openApiDocument());
  return catalog;
}

/**
 * The core's messages in VS Code's language: a bundle loaded apart from the extension's has its
 * own copy of @vscode/l10n, which needs the contents of vscode.l10n.bundle.
 */
export function useTranslations(contents: l10n.l10nJsonFormat | undefined): void {
  if (contents) l10n.config({ contents });
}
