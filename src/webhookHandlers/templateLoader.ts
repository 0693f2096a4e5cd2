import { lazyBundle } from '../common/lazyBundle';
import type * as Templates from './templates';

/** The templates (dist/webhookTemplates.js beside the extension's bundle), loaded once, on first use. */
export const webhookTemplates = lazyBundle<typeof Templates>('webhookTemplates.js');
