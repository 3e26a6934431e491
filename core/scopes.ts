import { z } from 'zod';

export const Scope = z.enum([
  'jobs:create',
  'jobs:read',
  'jobs:download',
  'jobs:delete',
  'settings:read',
  'settings:write',
]);
export type Scope = z.infer<typeof Scope>;

/** Scopes a new API key gets when its creator names none. */
export const DEFAULT_SCOPES: readonly Scope[] = ['jobs:create', 'jobs:read', 'jobs:download', 'jobs:delete'];
