import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { authenticateApiKey } from '../../../core/keys/authenticate-api-key.ts';
import { callAdmin, serveAdminSocket } from '../../../rpc/admin-socket.ts';
import { fileEnv } from '../../support/test-env.ts';

describe('admin API over a Unix socket', () => {
  it('creates, lists and revokes keys; the socket is owner-only', async () => {
    await using env = await fileEnv();
    const dir = await mkdtemp(join(tmpdir(), 'p2m-admin-'));
    try {
      const path = join(dir, 'admin.sock');
      await using socket = await serveAdminSocket(env.runtime, path);
      expect((await stat(socket.path)).mode & 0o777).toBe(0o600);
      const admin = callAdmin(path);

      const created = await admin.keys.create.mutate({ email: 'Ops@Example.com', name: 'cli', scopes: ['jobs:read'] });
      expect(created.key).toMatch(/^p2m_/);
      const principal = await authenticateApiKey(env.runtime.db, created.key);
      expect(principal).toMatchObject({ kind: 'api_key', accountId: created.account_id, scopes: ['jobs:read'] });

      const list = await admin.keys.list.query({ email: 'ops@example.com' });
      expect(list.items.map((k) => k.id)).toEqual([created.key_id]);
      expect(JSON.stringify(list)).not.toContain(created.key);

      expect(await admin.keys.revoke.mutate({ key_id: created.key_id })).toEqual({ key_id: created.key_id, revoked: true });
      await expect(authenticateApiKey(env.runtime.db, created.key)).rejects.toMatchObject({ code: 'unauthenticated' });
      expect((await admin.keys.list.query({ email: 'ops@example.com' })).items).toEqual([]);

      const unknown = await admin.keys.revoke.mutate({ key_id: '00000000-0000-4000-8000-000000000000' }).catch((e: unknown) => e);
      expect(unknown).toBeInstanceOf(TRPCClientError);
      expect((unknown as TRPCClientError<never>).data).toMatchObject({ code: 'not_found', trpc_code: 'NOT_FOUND' });
      const bad = await admin.keys.create.mutate({ email: 'not-an-email', name: 'x' }).catch((e: unknown) => e);
      expect((bad as TRPCClientError<never>).data).toMatchObject({ code: 'bad_input' });

      // A second server on a live socket is refused.
      await expect(serveAdminSocket(env.runtime, path)).rejects.toThrow(/Another process/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('replaces a stale socket file and removes it on close', async () => {
    await using env = await fileEnv();
    const dir = await mkdtemp(join(tmpdir(), 'p2m-admin-'));
    try {
      const path = join(dir, 'admin.sock');
      await writeFile(path, 'left over');
      const socket = await serveAdminSocket(env.runtime, path);
      expect((await callAdmin(path).keys.create.mutate({ email: 'a@example.com', name: 'k' })).key).toMatch(/^p2m_/);
      await socket.close();
      await expect(stat(path)).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
