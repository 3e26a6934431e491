/** p2m device client: browser- and Node-safe (WebCrypto and fetch only). */
export { DeviceApiError } from './api-error.ts';
export {
  createDeviceClient,
  DeviceClient,
  type CreateOptions,
  type DeviceClientOptions,
  type RequestBody,
  type SignedFetchInit,
} from './device-client.ts';
export { createIndexedDbKeyStore } from './indexeddb-key-store.ts';
export { createMemoryKeyStore, type DeviceIdentity, type KeyStore } from './key-store.ts';
export { encodeMultipartFile, type MultipartBody } from './multipart.ts';
export type { ClientConfig, DeleteResult, JobStatus, Settings, V1Job } from './schemas.ts';
export { signRequest, type RequestToSign } from './sign-request.ts';
export { waitForJob, type WaitOptions } from './wait-for-job.ts';
export { AccountClient, createAccountClient, type AccountClientOptions, type TicketUpload } from './account-client.ts';
export type { LinkStart, LinkStatus, UploadTicket, V2Job } from './account-schemas.ts';
