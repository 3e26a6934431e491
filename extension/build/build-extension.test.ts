import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildExtension } from './build-extension.ts';

/** The entries of a zip, read back from its central directory (no zip tool needed). */
function unzip(buf: Buffer): Map<string, Buffer> {
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const packed = buf.readUInt32LE(at + 20);
    const nameLength = buf.readUInt16LE(at + 28);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
    const local = buf.readUInt32LE(at + 42);
    const data = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    out.set(name, inflateRawSync(buf.subarray(data, data + packed)));
    at += 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  return out;
}

describe('npm run build:extension', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'p2m-ext-build-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes an MV3 manifest with the least permissions, the service host only, and the default CSP', async () => {
    const { outDir } = await buildExtension({ serviceUrl: 'http://127.0.0.1:8080/ignored/path', outDir: join(dir, 'a'), zipPath: join(dir, 'a.zip') });
    const manifest = JSON.parse(await readFile(join(outDir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      manifest_version: 3,
      permissions: ['activeTab', 'contextMenus', 'storage', 'offscreen', 'notifications', 'clipboardWrite'],
      host_permissions: ['http://127.0.0.1/*'],
      optional_host_permissions: ['https://*/*', 'http://*/*', 'file:///*'],
      background: { service_worker: 'background.js', type: 'module' },
      action: { default_popup: 'popup.html' },
    });
    expect(manifest).not.toHaveProperty('content_security_policy');
    const worker = await readFile(join(outDir, 'background.js'), 'utf8');
    expect(worker).toContain('"http://127.0.0.1:8080"');
    expect(worker).not.toMatch(/\beval\(|https?:\/\/[^"'\s]*\.js\b/);
  });

  it('defaults to the production origin and packs the same files into the zip', async () => {
    const { outDir, zipPath, serviceUrl } = await buildExtension({ outDir: join(dir, 'b'), zipPath: join(dir, 'b.zip') });
    expect(serviceUrl).toBe('https://p2m.example.com');
    const files = (await readdir(outDir)).sort();
    expect(files).toEqual(expect.arrayContaining(['manifest.json', 'popup.html', 'popup.js', 'options.html', 'options.js', 'offscreen.html', 'background.js', 'icon-128.png']));
    const entries = unzip(await readFile(zipPath));
    expect([...entries.keys()]).toEqual(files);
    for (const name of files) expect(entries.get(name)!.equals(await readFile(join(outDir, name)))).toBe(true);
  });

  it('refuses a service URL that is not http(s)', async () => {
    await expect(buildExtension({ serviceUrl: 'ftp://example.org', outDir: join(dir, 'c') })).rejects.toThrow('must be http(s)');
  });
});
