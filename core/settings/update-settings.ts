import { eq, sql } from 'drizzle-orm';
import { devices } from '../../db/schema.ts';
import { DomainError } from '../errors.ts';
import { defineOperation } from '../operation.ts';
import { readDeviceSettings } from './device-settings.ts';
import { DeviceSettings, SettingsPatch } from './settings-schema.ts';

export const updateSettings = defineOperation({
  name: 'update_settings',
  title: 'Change conversion settings',
  description: 'Sets the named settings and leaves the others; returns the full settings. Applies to jobs created afterwards.',
  scope: 'settings:write',
  errors: ['forbidden'],
  actors: ['device'],
  input: SettingsPatch,
  output: DeviceSettings,
  async handler(ctx, patch) {
    const p = ctx.principal;
    if (p.kind !== 'device') throw new DomainError('forbidden', 'Settings belong to a device.');
    // Merged in one statement (jsonb ||), so two concurrent updates of different names both stick.
    await ctx.db
      .update(devices)
      .set({ settings: sql`${devices.settings} || ${JSON.stringify(patch)}::jsonb` })
      .where(eq(devices.id, p.deviceId));
    return readDeviceSettings(ctx.db, p.deviceId);
  },
});
