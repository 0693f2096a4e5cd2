// The handlers' text that Create Webhook Handler writes, one template per framework.

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
