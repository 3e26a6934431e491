import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { devices } from '../../db/schema.ts';
import { deviceIdOf, type Principal } from '../principal.ts';
import { DEFAULT_SETTINGS, DeviceSettings, type Converter } from './settings-schema.ts';

/**
 * A device's settings with defaults for anything absent. A stored value that
 * no longer parses (a setting whose values changed) falls back to its default.
 */
export async function readDeviceSettings(db: Db, deviceId: string): Promise<DeviceSettings> {
  const [row] = await db.select({ settings: devices.settings }).from(devices).where(eq(devices.id, deviceId));
  const stored = (row?.settings ?? {}) as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const [name, schema] of Object.entries(DeviceSettings.shape)) {
    const value = schema.safeParse(stored[name]);
    if (value.success) merged[name] = value.data;
  }
  return DeviceSettings.parse(merged);
}

/** The converter a new job of this caller uses: a device's stored choice, else auto. */
export async function converterFor(db: Db, p: Principal): Promise<Converter> {
  const deviceId = deviceIdOf(p);
  return deviceId !== null ? (await readDeviceSettings(db, deviceId)).converter : DEFAULT_SETTINGS.converter;
}
