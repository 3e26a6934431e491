/** A child that answers with the folder of Node's module compile cache it runs with (null when off). */
import module from 'node:module';

process.on('message', () => {
  process.send?.({ type: 'started' });
  module.flushCompileCache?.();
  process.send?.({ type: 'cache', dir: module.getCompileCacheDir?.() ?? null });
});
