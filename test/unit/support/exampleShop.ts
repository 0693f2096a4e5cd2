import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

// The example shops of docs/examples (careless-shop, careful-shop): plain Node modules that the
// unit and host tests run as written. What runShop takes and answers is declared here once.

export interface Shop {
  runShop(options: {
    baseUrl: string;
    appKey: string;
    mobile: string;
    askPasscode: (mobile: string) => Promise<string>;
    letTimePass: (seconds: number) => Promise<unknown>;
  }): Promise<string[]>;
}

/** The repository's docs/examples (from out/test/unit/support). */
export const EXAMPLES = path.resolve(__dirname, '../../../../docs/examples');

/** The shop of docs/examples/<name>/shop.mjs, imported as a developer's Node would. */
export async function loadShop(name: 'careless-shop' | 'careful-shop'): Promise<Shop> {
  return (await import(pathToFileURL(path.join(EXAMPLES, name, 'shop.mjs')).href)) as Shop;
}
