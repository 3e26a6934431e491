/**
 * The device identity and clients for the service in use. The key pair is
 * made by client/ with WebCrypto as non-extractable and kept as CryptoKeys in
 * IndexedDB (one database per service origin, since a device token belongs to
 * one service); nothing else stores it. The device registers on first use.
 */
import { createAccountClient, createDeviceClient, createIndexedDbKeyStore, type AccountClient, type DeviceClient, type KeyStore } from '../../client/index.ts';
import { getServiceUrl } from './service-url.ts';

export type Service = { baseUrl: string; device: DeviceClient; account: AccountClient; keys: KeyStore };

const keyStores = new Map<string, KeyStore>();

/** The key store of one service origin. */
export function keyStoreFor(baseUrl: string): KeyStore {
  let store = keyStores.get(baseUrl);
  if (!store) {
    store = createIndexedDbKeyStore(`p2m-device ${baseUrl}`);
    keyStores.set(baseUrl, store);
  }
  return store;
}

/** Clients for the service in use, registered (the first call registers this device). */
export async function service(): Promise<Service> {
  const baseUrl = await getServiceUrl();
  const keys = keyStoreFor(baseUrl);
  const device = createDeviceClient({ baseUrl, storage: keys });
  // The popup, options page and worker may all start at first use; one lock
  // (shared by every context of the extension's origin) makes one registration.
  await navigator.locks.request(`p2m-register ${baseUrl}`, () => device.register());
  return { baseUrl, device, account: createAccountClient(device, { baseUrl }), keys };
}
