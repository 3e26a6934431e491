/** Setup file of the integration projects: each test file's shared database is dropped after its last test. */
import { afterAll } from 'vitest';
import { closeFileDatabase } from './test-env.ts';

afterAll(closeFileDatabase);
