import { describe, expect, it } from 'vitest';
import { portabilityWarnings, portableSchema } from './portable-schema.ts';
import { mcpToolRegistry } from '../server/mcp-tools.ts';

describe('MCP tool schemas', () => {
  const tools = mcpToolRegistry().list;

  it('have 0 portability warnings: no list of types anywhere, nullable values as anyOf', () => {
    const warnings = tools.flatMap((t) => [
      ...portabilityWarnings(t.inputSchema, `${t.name}.input`),
      ...portabilityWarnings(t.outputSchema, `${t.name}.output`),
    ]);
    expect(warnings).toEqual([]);
  });

  it('rewrite a list of types as anyOf, keeping annotations on the property and constraints on the value', () => {
    const out = portableSchema({ type: 'object', properties: { u: { type: ['string', 'null'], format: 'uri', description: 'd' } } });
    expect(out).toEqual({ type: 'object', properties: { u: { description: 'd', anyOf: [{ type: 'string', format: 'uri' }, { type: 'null' }] } } });
    expect(portabilityWarnings({ properties: { u: { type: ['string', 'null'] } } })).toEqual(['#/properties/u: type ["string","null"] (write anyOf)']);
  });

  it('say when to use each tool, what it costs and what to call next', () => {
    for (const t of tools) {
      expect(t.description, t.name).toMatch(/Use (when|for|to|once|before)/);
      expect(t.description, t.name).toMatch(/rate budget/);
      expect(t.description, t.name).toMatch(/slot/);
      expect(t.description, t.name).toMatch(/Next:/);
    }
  });
});
