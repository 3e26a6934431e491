import { join } from 'node:path';
import type { Config } from '../core/config.ts';

/** The embedded server's admin socket: `p2m keys` goes through it while the server holds PGlite. */
export const adminSocketPath = (config: Config): string => join(config.dataDir, 'admin.sock');
