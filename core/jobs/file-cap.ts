import type { Config } from '../config.ts';
import type { Principal } from '../principal.ts';
import { ownerOf } from './owner.ts';

/** The largest PDF the caller may upload: its owner's tier's cap (the one createJob enforces). */
export function maxFileBytesOf(config: Pick<Config, 'tiers'>, principal: Principal): number {
  return config.tiers[ownerOf(principal).tier].maxFileBytes;
}
