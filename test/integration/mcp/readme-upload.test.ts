import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { fileEnv } from '../../support/test-env.ts';
import { startMcp } from './mcp-harness.ts';

const run = promisify(execFile);
const README = join(import.meta.dirname, '../../../README.md');

// The shell block between the README's mcp-upload markers, exactly as documented.
async function documentedCommand(): Promise<string> {
  const text = await readFile(README, 'utf8');
  const block = /<!-- mcp-upload:begin[^>]*-->\s*```sh\n([\s\S]*?)```\s*<!-- mcp-upload:end -->/.exec(text)?.[1];
  if (!block) throw new Error('README.md has no mcp-upload block');
  return block;
}

// A real PDF of about 1 MB: larger than the README's own 712 KB example, which
// failed as a command-line argument.
async function bigPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([300, 300]);
  await pdf.attach(randomBytes(1_000_000), 'filler.bin', { mimeType: 'application/octet-stream' });
  return pdf.save();
}

describe('README: uploading a PDF through MCP', () => {
  it('the documented command creates a job from a 1 MB PDF', { timeout: 60_000 }, async () => {
    await using env = await fileEnv();
    const user = await env.user();
    await using mcp = await startMcp(env);
    const dir = await mkdtemp(join(tmpdir(), 'p2m-readme-'));
    try {
      const pdf = await bigPdf();
      expect(pdf.byteLength).toBeGreaterThan(712 * 1024);
      await writeFile(join(dir, 'paper.pdf'), pdf);
      const command = (await documentedCommand()).replaceAll('http://127.0.0.1:8080/api/v2/mcp', mcp.url);
      const { stdout } = await run('bash', ['-c', command], { cwd: dir, env: { ...process.env, KEY: user.key } });
      const reply = JSON.parse(stdout) as { result?: { structuredContent?: { job_id?: string; status?: string } } };
      expect(reply.result?.structuredContent).toMatchObject({ job_id: expect.any(String), status: 'queued' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
