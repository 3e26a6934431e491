/**
 * The v1 test server (real app, device clients, a worker) plus what the
 * account tests need: accounts with keys, devices with their account client,
 * and linking a device the way the sign-in callback does (a link ticket
 * consumed by linkDeviceWithTicket).
 */
import { eq } from 'drizzle-orm';
import { createAccountClient, type AccountClient } from '../../../../client/account-client.ts';
import type { DeviceClient } from '../../../../client/device-client.ts';
import type { DevicePrincipal } from '../../../../core/devices/authenticate-device.ts';
import { issueLinkTicket } from '../../../../core/devices/link/issue-link-ticket.ts';
import { linkDeviceWithTicket } from '../../../support/link-device-with-ticket.ts';
import type { TierName } from '../../../../core/tiers.ts';
import { jobs, type JobRow } from '../../../../db/schema.ts';
import type { DatabaseChoice, TestUser } from '../../../support/test-env.ts';
import { fetchFrom, startV1, type V1Server } from '../../v1/support/v1-server.ts';

export type TestDevice = { client: DeviceClient; account: AccountClient; principal: DevicePrincipal };

export type AccountsServer = V1Server & {
  /** A new account (with one API key) on a tier. */
  user(tier?: TierName): Promise<TestUser>;
  /** A registered, anonymous device. */
  newDevice(): Promise<TestDevice>;
  /** Links a device to an account as the sign-in callback does. */
  link(device: TestDevice, accountId: string): Promise<void>;
  /** A job row as stored. */
  row(jobId: string): Promise<JobRow>;
};

export async function startAccounts(env: Record<string, string> = {}, database: DatabaseChoice = 'file'): Promise<AccountsServer> {
  const v1 = await startV1(env, database);
  const runtime = v1.env.runtime;
  return Object.assign(v1, {
    user: (tier: TierName = 'free') => v1.env.user({ tier }),
    async newDevice() {
      const { client, principal } = await v1.device();
      return { client, principal, account: createAccountClient(client, { baseUrl: v1.baseUrl, fetch: fetchFrom(v1.clientAddress) }) };
    },
    async link(device: TestDevice, accountId: string) {
      const { ticket } = await issueLinkTicket(runtime, device.principal.deviceId);
      await linkDeviceWithTicket(runtime, ticket, accountId);
    },
    async row(jobId: string) {
      const [row] = await runtime.db.select().from(jobs).where(eq(jobs.id, jobId));
      return row!;
    },
  });
}
