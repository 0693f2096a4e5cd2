// dist/webhookTemplates.js: the handlers' text, a bundle of its own that Create Webhook Handler
// loads when it first writes a file (see ../templateLoader.ts), not at start-up.

import type { Framework } from '../frameworks';
import { expressHandler, expressJavaScriptHandler } from './express';
import { fastApiHandler } from './fastapi';
import { flaskHandler } from './flask';
import { goHandler } from './goNetHttp';
import { nextRouteHandler } from './nextRoute';

const TEMPLATES: Record<Framework['id'], (path: string) => string> = {
  express: expressHandler,
  'express-js': expressJavaScriptHandler,
  nextjs: nextRouteHandler,
  fastapi: fastApiHandler,
  flask: flaskHandler,
  go: goHandler,
};

/** The file the command writes for the framework. */
export function handlerSource(framework: Pick<Framework, 'id' | 'path'>): string {
  return TEMPLATES[framework.id](framework.path);
}
