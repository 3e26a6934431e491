import type { DeviceIdentity, KeyStore } from './key-store.ts';

const STORE = 'identity';
const KEY = 'device';

/**
 * A KeyStore backed by IndexedDB, for the browser extension. IndexedDB
 * structured-clones CryptoKey objects, so the private key is persisted while
 * remaining non-extractable: page script can use it but never read it.
 */
export function createIndexedDbKeyStore(dbName = 'p2m-device', factory: IDBFactory = indexedDB): KeyStore {
  // Opened lazily on first use: constructing the store does no I/O.
  let opened: Promise<IDBDatabase> | undefined;
  const db = () => (opened ??= openDb(factory, dbName));
  return {
    load: async () =>
      (await run<DeviceIdentity | undefined>(await db(), 'readonly', (s) => s.get(KEY))) ?? undefined,
    save: async (identity) => {
      await run(await db(), 'readwrite', (s) => s.put(identity, KEY));
    },
    clear: async () => {
      await run(await db(), 'readwrite', (s) => s.delete(KEY));
    },
  };
}

function openDb(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
  });
}

function run<T>(
  db: IDBDatabase,
  mode: IDBTransactionMode,
  op: (s: IDBObjectStore) => IDBRequest,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = op(tx.objectStore(STORE));
    // Resolve on transaction completion so a write is durable before we return.
    tx.oncomplete = () => resolve(request.result as T);
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}
