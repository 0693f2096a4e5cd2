import * as assert from 'node:assert/strict';
import { defaultWebhookUrl, FRAMEWORKS } from '../../../src/webhookHandlers/frameworks';
import { webhookUrlFrom } from '../../../src/webhookHandlers/webhookUrl';

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
});
