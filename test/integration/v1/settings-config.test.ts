import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Settings } from '../../../client/schemas.ts';
import { rows } from '../../../db/rows.ts';
import { pdfBytes } from './support/pdf-bytes.ts';
import { startV1 } from './support/v1-server.ts';

describe('v1 settings', () => {
  it('reads defaults, updates partially, refuses bad values, and new jobs use the converter', async () => {
    await using v1 = await startV1();
    const { client } = await v1.device();
    expect(await client.getSettings()).toEqual({ converter: 'auto' });
    expect(await client.updateSettings({})).toEqual({ converter: 'auto' });
    expect(await client.updateSettings({ converter: 'ocr' })).toEqual({ converter: 'ocr' });
    expect(await client.getSettings()).toEqual({ converter: 'ocr' });
    const bads: Record<string, unknown>[] = [{ converter: 'magic' }, { colour: 'blue' }, { converter: 3 }];
    for (const bad of bads) {
      await expect(client.updateSettings(bad as Settings)).rejects.toMatchObject({ status: 400, code: 'bad_input' });
    }
    expect(await client.getSettings()).toEqual({ converter: 'ocr' });
    const job = await client.createJobFromFile(await pdfBytes(), 'a.pdf');
    const [row] = await rows<{ settings: { converter: string } }>(
      v1.env.runtime.db,
      sql`select settings from jobs where id = ${job.job_id}`,
    );
    expect(row!.settings.converter).toBe('ocr');
  });

  it('settings are per device and need a signature', async () => {
    await using v1 = await startV1();
    const alice = await v1.device();
    const bob = await v1.device();
    await alice.client.updateSettings({ converter: 'text' });
    expect(await bob.client.getSettings()).toEqual({ converter: 'auto' });
    const unsigned = await fetch(`${v1.baseUrl}/settings`);
    expect(unsigned.status).toBe(401);
  });
});

describe('GET /config', () => {
  it('serves the v1 limits from configuration, announcement null when none is active', async () => {
    await using v1 = await startV1({ P2M_SUPPORT_URL: 'https://help.example/p2m' });
    expect(await v1.client().getConfig()).toEqual({
      job_ttl_seconds: 3600,
      max_file_size: 10 * 1024 * 1024,
      max_slots: 3,
      support_url: 'https://help.example/p2m',
      announcement: null,
    });
  });

  it('shows an active announcement and hides an inactive one', async () => {
    const announcement = { active: true, id: 'a1', kind: 'info', url: 'https://p2m.example/news' };
    {
      await using v1 = await startV1({ P2M_ANNOUNCEMENT: JSON.stringify(announcement) });
      expect((await v1.client().getConfig()).announcement).toEqual(announcement);
    }
    await using v1 = await startV1({ P2M_ANNOUNCEMENT: JSON.stringify({ ...announcement, active: false }) });
    expect((await v1.client().getConfig()).announcement).toBeNull();
  });
});
