import { describe, expect, it } from 'vitest';
import { loadConfig } from '../core/config.ts';
import { runWorkerProcess } from './main.ts';

describe('runWorkerProcess', () => {
  it('refuses to run standalone on embedded PGlite and says to use DATABASE_URL', async () => {
    const config = loadConfig({ P2M_DATA_DIR: '/nonexistent/p2m-never-created', P2M_LOG_LEVEL: 'silent' });
    await expect(runWorkerProcess(config)).rejects.toThrow(/set DATABASE_URL.*PGlite/s);
  });
});
