/**
 * The settings operations, for core/operations.ts and every transport that
 * serves devices (v1 REST today).
 */
import { getSettings } from './get-settings.ts';
import { updateSettings } from './update-settings.ts';

export const SETTINGS_OPERATIONS = [getSettings, updateSettings] as const;

export { getSettings, updateSettings };
