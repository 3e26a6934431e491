// Preloaded with --import: says at exit which packages (from node_modules) this process loaded.
/* global process */
import { registerHooks } from 'node:module';

const packages = new Set();
registerHooks({
  load(url, context, nextLoad) {
    const m = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
    if (m) packages.add(m[1]);
    return nextLoad(url, context);
  },
});
process.on('exit', () => {
  process.stderr.write(`packages loaded: ${JSON.stringify([...packages].sort())}\n`);
});
