import { describe, expect, it } from 'vitest';
import { getMarkdown } from '../core/operations.ts';
import { defineRoute } from './define-route.ts';

const openapi = { operationId: 'x', tag: 'jobs', success: 200, ok: { description: 'x' } } as const;

describe('defineRoute', () => {
  it("compiles only when the statuses cover the operation's error codes (checked by tsc)", () => {
    const ok = defineRoute({ method: 'get', path: '/x/{jobId}', auth: 'ApiKey', operation: getMarkdown, mapRequest: () => ({}), statuses: [404, 409, 410], openapi });
    // @ts-expect-error -- get_markdown can answer gone (410), which this route leaves out
    const missing = defineRoute({ method: 'get', path: '/x/{jobId}', auth: 'ApiKey', operation: getMarkdown, mapRequest: () => ({}), statuses: [404, 409], openapi });
    expect(ok.doc?.errors).toEqual([404, 409, 410]);
    expect(missing.operations).toEqual([getMarkdown]);
  });

  it('refuses an auth no gateway middleware serves', () => {
    expect(() =>
      defineRoute({ method: 'get', path: '/x', auth: [['UploadTicket', 'Session']], operation: getMarkdown, mapRequest: () => ({}), statuses: [404, 409, 410], openapi }),
    ).toThrow(/No gateway middleware/);
  });
});
