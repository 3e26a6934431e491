/**
 * Replay guard in the database, used when Redis is not configured: one row
 * per (device, nonce) on a unique key. A row past its expiry may be taken
 * over, so a sweep that runs late never blocks a fresh request.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rows } from '../../db/rows.ts';
import type { NonceStore } from './signing/nonce-store.ts';

export function createDbNonceStore(db: Db): NonceStore {
  return {
    async claim(deviceId, nonce, ttlSeconds) {
      const claimed = await rows<{ nonce: string }>(
        db,
        sql`INSERT INTO device_nonces (device_id, nonce, expires_at)
            VALUES (${deviceId}, ${nonce}, now() + make_interval(secs => ${ttlSeconds}))
            ON CONFLICT (device_id, nonce) DO UPDATE SET expires_at = excluded.expires_at
              WHERE device_nonces.expires_at < now()
            RETURNING nonce`,
      );
      return claimed.length === 1;
    },
  };
}

/** Deletes nonce rows past their expiry; the retention sweep calls it. Returns how many went. */
export async function sweepDeviceNonces(db: Db, limit = 10_000): Promise<number> {
  const gone = await rows<{ nonce: string }>(
    db,
    sql`DELETE FROM device_nonces WHERE (device_id, nonce) IN (
          SELECT device_id, nonce FROM device_nonces WHERE expires_at < now() LIMIT ${limit})
        RETURNING nonce`,
  );
  return gone.length;
}
