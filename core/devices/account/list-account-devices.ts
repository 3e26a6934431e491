import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rows } from '../../../db/rows.ts';
import { accountIdOf } from '../../accounts/account-of.ts';
import { ACTIVE_STATUSES } from '../../jobs/job-status.ts';
import { defineOperation } from '../../operation.ts';

export const AccountDevice = z.object({
  device_id: z.uuid().describe('The device (as in DELETE /api/v2/account/devices/{device_id}).'),
  user_code_hint: z
    .string()
    .optional()
    .describe('The first half of the code the device showed when it was linked (ABCD of ABCD-EFGH); absent when it was linked with link/attach.'),
  registered_at: z.string().describe('When the device registered.'),
  linked_at: z.string().nullable().describe('When it was linked to this account (null for devices linked before this was recorded).'),
  last_seen_at: z.string().nullable().describe('Its last signed request, to the minute; null when not seen since this was recorded.'),
  active_jobs: z.number().int().describe('Its jobs on this account that are queued or converting.'),
});

export const AccountDevices = z.object({
  devices: z.array(AccountDevice).describe('Newest link first; at most P2M_DEVICES_LISTED.'),
});

type DeviceRow = {
  id: string;
  user_code_hint: string | null;
  created_at: Date | string;
  linked_at: Date | string | null;
  last_seen_at: Date | string | null;
  active_jobs: number;
};

const ACTIVE = sql.raw(ACTIVE_STATUSES.map((s) => `'${s}'`).join(', '));
const iso = (d: Date | string) => new Date(d).toISOString();

export const listAccountDevices = defineOperation({
  name: 'list_account_devices',
  title: "List the account's linked devices",
  description:
    'The devices linked to the signed-in account: when each was linked and last seen, the hint of the code it showed, and how many of its jobs are active. Unlink one with DELETE /api/v2/account/devices/{device_id}.',
  scope: null,
  actors: ['session'],
  input: z.object({}),
  output: AccountDevices,
  errors: ['not_linked'],
  async handler(ctx) {
    const accountId = accountIdOf(ctx.principal);
    const found = await rows<DeviceRow>(
      ctx.db,
      sql`select d.id, d.user_code_hint, d.created_at, d.linked_at, d.last_seen_at,
            (select count(*)::int from jobs j where j.device_id = d.id and j.owner_key = ${`account:${accountId}`}
               and j.status in (${ACTIVE}) and j.deleted_at is null) as active_jobs
          from devices d where d.account_id = ${accountId}
          order by d.linked_at desc nulls last, d.id limit ${ctx.config.devicesListed}`,
    );
    return {
      devices: found.map((d) => ({
        device_id: d.id,
        ...(d.user_code_hint === null ? {} : { user_code_hint: d.user_code_hint }),
        registered_at: iso(d.created_at),
        linked_at: d.linked_at === null ? null : iso(d.linked_at),
        last_seen_at: d.last_seen_at === null ? null : iso(d.last_seen_at),
        active_jobs: d.active_jobs,
      })),
    };
  },
});
