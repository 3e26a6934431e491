import { callAdmin } from '../rpc/admin-socket.ts';
import { createLocalKey, listLocalKeys, revokeLocalKey, type LocalKeyInput } from '../core/keys/local-keys.ts';
import type { Config } from '../core/config.ts';
import { createRuntime } from '../core/runtime.ts';

export type KeyAdmin = {
  create(input: LocalKeyInput): Promise<{ key: string; key_id: string; account_id: string; scopes: string[] }>;
  list(input: { email: string }): Promise<{ id: string; start: string; name: string; scopes: string[]; created_at: string }[]>;
  revoke(input: { key_id: string }): Promise<void>;
  close(): Promise<void>;
};

/** Key administration on the database itself. */
export async function directKeyAdmin(config: Config): Promise<KeyAdmin> {
  const runtime = await createRuntime(config);
  return {
    create: (input) => createLocalKey(runtime, input),
    list: (input) => listLocalKeys(runtime, input),
    revoke: (input) => revokeLocalKey(runtime, input),
    close: () => runtime.close(),
  };
}

/** Key administration through a running embedded server's admin socket. */
export async function socketKeyAdmin(socketPath: string, pid: number): Promise<KeyAdmin> {
  const client = callAdmin(socketPath);
  const unreachable = (err: unknown) => {
    throw new Error(`p2m (pid ${pid}) holds the embedded database but its admin socket ${socketPath} did not answer: ${String(err)}`);
  };
  return {
    create: (input) => client.keys.create.mutate(input).catch(unreachable),
    list: (input) =>
      client.keys.list
        .query(input)
        .then((r) => r.items)
        .catch(unreachable),
    revoke: async (input) => void (await client.keys.revoke.mutate(input).catch(unreachable)),
    close: async () => undefined,
  };
}
