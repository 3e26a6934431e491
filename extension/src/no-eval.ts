/**
 * Imported first by every entry: zod compiles fast object parsers with
 * `new Function` unless told not to. The extension runs under the default
 * CSP, which forbids eval, so zod is set to parse without code generation
 * (and never even probes for eval, which would log a CSP violation).
 */
import { config } from 'zod';

config({ jitless: true });
