import { parseDuration } from '../language/index.js';
import type { LoadModel } from './loadModels.js';

/** A usage problem with a load flag: the CLI says it and exits 2. */
export class LoadOptionError extends Error {
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
  }
}

/** `--rate`: `N/s`, `N/m` or a bare `N` (per second), DECISIONS.md "Finer points (wave 3)". */
export function parseRate(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(?:\/\s*(s|m))?\s*$/.exec(text);
  const value = match ? Number(match[1]) / (match[2] === 'm' ? 60 : 1) : NaN;
  if (!(value > 0))
    throw new LoadOptionError(
      `invalid --rate \`${text}\``,
      'such as --rate 200/s, --rate 600/m or --rate 50',
    );
  return value;
}

export function parseWhole(text: string, flag: string, max: number): number {
  const value = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!(value >= 1 && value <= max)) {
    throw new LoadOptionError(
      `invalid ${flag} \`${text}\`: a whole number from 1 to ${max}`,
      `such as ${flag} 10`,
    );
  }
  return value;
}

export function parseLoadDuration(text: string, flag: string, allowZero: boolean): number {
  const value = parseDuration(text);
  if (value === undefined || value < 0 || (!allowZero && value === 0)) {
    throw new LoadOptionError(
      `invalid ${flag} \`${text}\`: expected a duration`,
      `such as ${flag} 30s or ${flag} 2m`,
    );
  }
  return value;
}

/**
 * `--shard i/n` splits the load (DECISIONS.md, "Load"): each shard takes 1/n of the rate, or its share of
 * the virtual users (the first `vus mod n` shards one more). A shard left with no user runs nothing.
 */
export function shardModel(model: LoadModel, index: number, total: number): LoadModel | undefined {
  if (model.kind === 'open') return { ...model, perSecond: model.perSecond / total };
  const vus = Math.floor(model.vus / total) + (index <= model.vus % total ? 1 : 0);
  return vus === 0 ? undefined : { kind: 'closed', vus };
}
