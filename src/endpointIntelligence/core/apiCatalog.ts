// The catalog of the API, built once from the OpenAPI document (read from disk on first use:
// dist/openapi.json beside the extension's bundle, src/sandbox/vocabulary/openapi.json beside the compiled sources).

import { openApiDocument } from '../../sandbox/reference';
import { buildCatalog, type Catalog } from './catalog';

let catalog: Catalog | undefined;

export function apiCatalog(): Catalog {
  catalog ??= buildCatalog(openApiDocument());
  return catalog;
}
