// Types of scripts/ownSourceMaps.mjs for its test.
export function keepOwnMappings<Map extends { sources: string[]; names: string[]; mappings: string }>(
  map: Map,
  isOwn: (source: string) => boolean,
): Map;
export function trimSourceMaps(dir: string): void;
