import type { Stage } from './stage-types.ts';
/** Placeholder until cross-page joining lands. */
export const joinTables: Stage = { name: 'join-tables', run: (doc) => doc };
