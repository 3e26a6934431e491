import { z } from 'zod';
import { DomainError } from '../errors.ts';
import { defineOperation } from '../operation.ts';
import { readDeviceSettings } from './device-settings.ts';
import { DeviceSettings } from './settings-schema.ts';

export const getSettings = defineOperation({
  name: 'get_settings',
  title: 'Get conversion settings',
  description: 'The device\'s conversion settings; settings never set show their defaults.',
  scope: 'settings:read',
  errors: ['forbidden'],
  actors: ['device'],
  input: z.object({}),
  output: DeviceSettings,
  async handler(ctx) {
    const p = ctx.principal;
    if (p.kind !== 'device') throw new DomainError('forbidden', 'Settings belong to a device.');
    return readDeviceSettings(ctx.db, p.deviceId);
  },
});
