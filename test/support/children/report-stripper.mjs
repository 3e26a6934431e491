// Preloaded with --import: says at exit whether this process loaded Node's TypeScript stripper (amaro).
/* global process */
process.on('exit', () => {
  process.stderr.write(`typescript stripper loaded: ${process.moduleLoadList.some((m) => m.includes('amaro'))}\n`);
});
