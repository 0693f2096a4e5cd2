import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { defaultWebhookUrl, FRAMEWORKS } from '../../../src/webhookHandlers/frameworks';
import { webhookUrlFrom } from '../../../src/webhookHandlers/webhookUrl';
import { REPO } from './generated';

describe('webhook handlers: the URL the sandbox is pointed at', () => {
  const next = FRAMEWORKS.find((framework) => framework.id === 'nextjs')!;

  it('a bare port means this machine and the handler’s path', () => {
    assert.deepEqual(webhookUrlFrom(' 4000 ', next), { ok: true, url: 'http://127.0.0.1:4000/api/webhooks/wallet' });
    assert.equal(webhookUrlFrom('0', next).ok, false);
    assert.equal(webhookUrlFrom('65536', next).ok, false);
  });

  it('a whole http(s) URL is kept as typed; anything else is refused with what to type', () => {
    assert.deepEqual(webhookUrlFrom('https://abc.ngrok.app/hooks', next), { ok: true, url: 'https://abc.ngrok.app/hooks' });
    for (const bad of ['', 'ftp://example.com/hook', 'localhost:3000', 'not a url']) {
      const result = webhookUrlFrom(bad, next);
      assert.equal(result.ok, false, bad);
      if (!result.ok) assert.match(result.message, /http\(s\) URL .*\/api\/webhooks\/wallet/);
    }
  });

  it('every framework’s default URL is accepted as it is offered', () => {
    for (const framework of FRAMEWORKS) {
      assert.deepEqual(webhookUrlFrom(defaultWebhookUrl(framework), framework), { ok: true, url: defaultWebhookUrl(framework) });
    }
  });

  it('the templates are a bundle of their own, not in the start-up bundle (npm run build made both)', () => {
    const dist = (file: string) => fs.readFileSync(path.join(REPO, 'dist', file), 'utf8');
    assert.ok(dist('webhookTemplates.js').includes('parseWalletWebhook'));
    assert.ok(!dist('extension.js').includes('parseWalletWebhook'), 'the template text stays out of dist/extension.js');
  });
});
