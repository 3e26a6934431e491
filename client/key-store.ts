/** What a registered device keeps: its key pair and the identity the server issued for it. */
export type DeviceIdentity = {
  deviceId: string;
  deviceToken: string;
  keyPair: CryptoKeyPair;
};

/**
 * Where the client keeps its identity. CryptoKey objects are stored as-is
 * (never exported), so a non-extractable private key stays non-extractable.
 */
export interface KeyStore {
  /** The saved identity, or undefined before the first registration. */
  load(): Promise<DeviceIdentity | undefined>;
  save(identity: DeviceIdentity): Promise<void>;
  clear(): Promise<void>;
}

/** A KeyStore that lives as long as the process or page: the default, and right for tests and scripts. */
export function createMemoryKeyStore(initial?: DeviceIdentity): KeyStore {
  let current = initial;
  return {
    load: () => Promise.resolve(current),
    save: (identity) => {
      current = identity;
      return Promise.resolve();
    },
    clear: () => {
      current = undefined;
      return Promise.resolve();
    },
  };
}
