import { TRPCClientError } from '@trpc/client';
import { callAdmin } from '../rpc/admin-socket.ts';
import { createLocalKey, listLocalKeys, revokeLocalKey, type LocalKey, type LocalKeyInput } from '../core/keys/local-keys.ts';
import type { Config } from '../core/config.ts';
import { createRuntime } from '../core/runtime.ts';

export type KeyAdmin = {
  create(input: LocalKeyInput): Promise<LocalKey>;
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
  // A refusal the server sent (limit_reached, not_found) is its own sentence;
  // only a socket that did not answer at all is reported as unreachable.
  const failed = (err: unknown): never => {
    if (err instanceof TRPCClientError && err.data !== undefined && err.data !== null) throw new Error(err.message);
    throw new Error(`p2m (pid ${pid}) holds the embedded database but its admin socket ${socketPath} did not answer (${String(err)})`);
  };
  return {
    create: (input) => client.keys.create.mutate(input).catch(failed),
    list: (input) =>
      client.keys.list
        .query(input)
        .then((r) => r.items)
        .catch(failed),
    revoke: async (input) => void (await client.keys.revoke.mutate(input).catch(failed)),
    close: async () => undefined,
  };
}
