/**
 * Preloaded with `--import`: records every module the process loads (ESM and
 * CommonJS alike, through Node's synchronous module hooks) and, at exit,
 * writes them with the process's CPU time as JSON (`{ cpuMs, modules }`) to
 * the file named by P2M_LOADED_MODULES_OUT.
 */
import { writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const out = process.env.P2M_LOADED_MODULES_OUT;
const loaded = new Set<string>();
registerHooks({
  load(url, context, nextLoad) {
    if (!url.startsWith('node:')) loaded.add(url);
    return nextLoad(url, context);
  },
});
if (out) {
  process.on('exit', () => {
    const cpu = process.cpuUsage();
    writeFileSync(out, JSON.stringify({ cpuMs: (cpu.user + cpu.system) / 1000, modules: [...loaded] }));
  });
}
