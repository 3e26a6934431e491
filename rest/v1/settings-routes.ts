/** GET /settings and PUT /settings (partial; answers the full settings). */
import type { Services } from '../../core/context.ts';
import { getSettings, updateSettings } from '../../core/settings/settings-operations.ts';
import { restAdapter } from '../rest-handler.ts';

export function settingsRoutes(services: Services) {
  const rest = restAdapter(services);
  return {
    get: rest(getSettings, () => ({})),
    put: rest(updateSettings, (req): unknown => req.body ?? {}),
  };
}
