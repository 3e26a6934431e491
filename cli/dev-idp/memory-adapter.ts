import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

type Entry = { payload: AdapterPayload; expiresAt: number };

/**
 * The provider's storage for one process, deliberately: a development
 * provider forgets its sessions and grants when it stops. (oidc-provider has
 * the same built in, with a warning on every start.)
 */
export function memoryAdapter(): AdapterFactory {
  const store = new Map<string, Entry>();
  return (model: string): Adapter => {
    const key = (id: string) => `${model}:${id}`;
    const live = (k: string) => {
      const e = store.get(k);
      if (e && e.expiresAt <= Date.now()) store.delete(k);
      return store.get(k)?.payload;
    };
    const findBy = (field: 'userCode' | 'uid', value: string) =>
      [...store.keys()].filter((k) => k.startsWith(`${model}:`)).map(live).find((p) => p?.[field] === value);
    return {
      async upsert(id, payload, expiresIn) {
        store.set(key(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY });
      },
      find: async (id) => live(key(id)),
      findByUserCode: async (code) => findBy('userCode', code),
      findByUid: async (uid) => findBy('uid', uid),
      async consume(id) {
        const p = live(key(id));
        if (p) p.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        store.delete(key(id));
      },
      async revokeByGrantId(grantId) {
        for (const [k, e] of store) if (e.payload.grantId === grantId) store.delete(k);
      },
    };
  };
}
