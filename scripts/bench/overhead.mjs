// Forked by run.mjs: measures the client overhead (loopback.mjs) in a fresh process, with
// nothing else loaded and a small heap, and sends the result back over IPC.
import { measureClientOverhead } from './loopback.mjs';

process.on('disconnect', () => process.exit(0));
process.once('message', ({ url, wallet }) => {
  measureClientOverhead(url, wallet).then(
    (result) => process.send({ result }, () => process.exit(0)),
    (error) => process.send({ error: error instanceof Error ? error.message : String(error) }, () => process.exit(1)),
  );
});
