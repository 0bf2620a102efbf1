// The source maps the package ships map runner's own code only (issue 25, the package size): RUNNER_DEBUG
// stack frames name src/*.ts files and lines (docs/cli.md), and a frame inside a bundled library keeps its
// position in the chunk. Mappings into node_modules were most of the maps' bytes and of the tarball.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((char, index) => [char, index]));

/** The fields of one segment, each a base64 VLQ number (the source map v3 format). */
function decodeSegment(text) {
  const fields = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`not a source map mapping character: ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return fields;
}

function encodeNumber(number) {
  let value = number < 0 ? (-number << 1) | 1 : number << 1;
  let text = '';
  do {
    let digit = value & 31;
    value >>>= 5;
    if (value > 0) digit |= 32;
    text += BASE64[digit];
  } while (value > 0);
  return text;
}

/**
 * The map with only the segments whose source `isOwn` accepts. A dropped segment becomes an unmapped one
 * (a lone column) where it ends a kept mapping, so library code is never attributed to the source before it.
 */
export function keepOwnMappings(map, isOwn) {
  const sources = [];
  const sourceIndex = new Map();
  const names = [];
  const nameIndex = new Map();
  const indexOf = (list, index, value) => {
    if (!index.has(value)) index.set(value, list.push(value) - 1);
    return index.get(value);
  };
  // Absolute values while reading; deltas against what was last written while writing.
  const read = { source: 0, line: 0, column: 0, name: 0 };
  const written = { source: 0, line: 0, column: 0, name: 0 };
  const lines = map.mappings.split(';').map((line) => {
    const out = [];
    let readColumn = 0;
    let writtenColumn = 0;
    let mapped = false;
    for (const text of line === '' ? [] : line.split(',')) {
      const fields = decodeSegment(text);
      readColumn += fields[0];
      let keep = false;
      if (fields.length >= 4) {
        read.source += fields[1];
        read.line += fields[2];
        read.column += fields[3];
        if (fields.length >= 5) read.name += fields[4];
        keep = isOwn(map.sources[read.source]);
      }
      if (!keep && !mapped) continue;
      let segment = encodeNumber(readColumn - writtenColumn);
      writtenColumn = readColumn;
      if (keep) {
        const source = indexOf(sources, sourceIndex, map.sources[read.source]);
        segment += encodeNumber(source - written.source);
        segment += encodeNumber(read.line - written.line);
        segment += encodeNumber(read.column - written.column);
        Object.assign(written, { source, line: read.line, column: read.column });
        if (fields.length >= 5) {
          const name = indexOf(names, nameIndex, map.names[read.name]);
          segment += encodeNumber(name - written.name);
          written.name = name;
        }
      }
      out.push(segment);
      mapped = keep;
    }
    return out.join(',');
  });
  return { ...map, sources, names, mappings: lines.join(';') };
}

const isRunnerSource = (source) => !/(^|\/)node_modules\//.test(source);

/** Rewrites every .map file under `dir` to map runner's own sources only. */
export function trimSourceMaps(dir) {
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.map')) continue;
    const file = join(entry.parentPath, entry.name);
    const map = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify(keepOwnMappings(map, isRunnerSource)));
  }
}
