/**
 * The one-line pieces of the fast YAML reader (commonYaml.ts): plain and quoted scalars, keys, and flow
 * collections (`[a, b]`, `{a: 1}`) that open and close on one line.
 */
import { doubleQuotedValue, plainValue } from './plainScalars.js';
import {
  BACKSLASH,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  DASH,
  DOUBLE_QUOTE,
  HASH,
  NEWLINE,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUESTION,
  SINGLE_QUOTE,
  SPACE,
  YamlCursor,
  giveUp,
} from './yamlCursor.js';
import { scalarNode, type YamlEntry, type YamlNode, type YamlScalar } from './yamlTree.js';

// `yaml` refuses implicit keys longer than 1024 characters; well below that, nothing to decide.
const MAX_KEY_LENGTH = 1000;

/** Characters that may not start a plain scalar here (YAML's indicators; `-` is checked on its own). */
const INDICATOR_START = new Set([...'?:,[]{}#&*!|>\'"%@`'].map((character) => character.charCodeAt(0)));
/** A key read at some offset, and where its `:` ends. */
interface KeyAt {
  node: YamlScalar & { value: string };
  after: number;
}

const FLOW_END = new Set([COMMA, CLOSE_BRACKET, CLOSE_BRACE, OPEN_BRACKET, OPEN_BRACE]);

export class FlowYamlReader extends YamlCursor {
  /**
   * Where a plain scalar starting at `start` ends (before trailing spaces and any comment). In a block it
   * must not hold `: ` (a nested map); in a flow collection it also stops at `,[]{}`.
   */
  protected plainEnd(start: number, inFlow: boolean): number {
    const first = this.code(start);
    // `-`, `?` and `:` may start a plain scalar when a character that could continue it follows (`-1`, `?0`).
    if (first === DASH || first === QUESTION || first === COLON) {
      const next = this.code(start + 1);
      if (this.isBlankAt(start + 1) || (inFlow && FLOW_END.has(next))) giveUp();
    } else if (INDICATOR_START.has(first)) giveUp();
    const lineEnd = this.lineEnd(start);
    if (!inFlow) return start + this.blockPlainLength(this.text.slice(start, lineEnd));
    let end = start;
    let offset = start;
    while (offset < lineEnd) {
      const code = this.code(offset);
      if (code === SPACE) {
        if (this.code(offset + 1) === HASH) break;
        offset++;
        continue;
      }
      if (code === COLON && (this.isBlankAt(offset + 1) || (inFlow && FLOW_END.has(this.code(offset + 1))))) {
        giveUp();
      }
      if (inFlow && FLOW_END.has(code)) break;
      offset++;
      end = offset;
    }
    if (end === start) giveUp();
    return end;
  }

  /** A key and its `:` at `offset`, or undefined when the line holds none there. */
  protected keyAt(offset: number): KeyAt | undefined {
    // Asked twice for most keys: once to see that a map starts, once to read it.
    if (this.lastKey?.offset !== offset) this.lastKey = { offset, key: this.readKeyAt(offset) };
    return this.lastKey.key;
  }

  private lastKey: { offset: number; key: KeyAt | undefined } | undefined;

  private readKeyAt(offset: number): KeyAt | undefined {
    const first = this.code(offset);
    let end: number;
    let value: string;
    let raw: string;
    if (first === DOUBLE_QUOTE || first === SINGLE_QUOTE) {
      const quotedEnd = this.quotedEnd(offset);
      if (quotedEnd === undefined) return undefined;
      end = quotedEnd;
      raw = this.text.slice(offset, end);
      value = quotedValue(raw);
    } else {
      if (INDICATOR_START.has(first) || first === DASH || first === SPACE || first === NEWLINE)
        return undefined;
      const colon = this.keyColon(offset);
      if (colon === undefined) return undefined;
      end = colon;
      raw = this.text.slice(offset, end);
      const typed = plainValue(raw);
      value = typed === null ? '' : String(typed);
    }
    if (this.code(end) !== COLON || !this.isBlankAt(end + 1)) return undefined;
    if (end - offset > MAX_KEY_LENGTH) giveUp();
    const node: YamlScalar & { value: string } = { ...scalarNode(value, raw, this.at(offset)), value };
    return { node, after: end + 1 };
  }

  /** The `:` that ends a plain key starting at `offset`, if its line has one before any comment. */
  protected keyColon(offset: number): number | undefined {
    // Native searches on the line: far cheaper than a loop per character while V8 still interprets this.
    const line = this.text.slice(offset, this.lineEnd(offset));
    let colon = line.indexOf(':');
    while (colon !== -1 && colon + 1 < line.length && line.charCodeAt(colon + 1) !== SPACE) {
      colon = line.indexOf(':', colon + 1);
    }
    if (colon === -1) return undefined;
    const comment = line.indexOf(' #');
    if (comment !== -1 && comment < colon) return undefined;
    // `key : value` keeps spaces `yaml` trims; rare enough to leave to it.
    return line.charCodeAt(colon - 1) === SPACE ? giveUp() : offset + colon;
  }

  /** The length of a block plain scalar that starts `line`: up to a comment, trailing spaces trimmed. */
  private blockPlainLength(line: string): number {
    const comment = line.indexOf(' #');
    let end = comment === -1 ? line.length : comment;
    // `: ` inside, or a colon that ends the line, makes it a nested map: `yaml`'s to report.
    const colon = line.indexOf(': ');
    if ((colon !== -1 && colon < end) || (comment === -1 && line.endsWith(':'))) giveUp();
    while (end > 0 && line.charCodeAt(end - 1) === SPACE) end--;
    if (end === 0) giveUp();
    return end;
  }

  /** The offset after the closing quote of a one-line quoted scalar at `start`, if it closes on its line. */
  protected quotedEnd(start: number): number | undefined {
    const quote = this.code(start);
    let offset = start + 1;
    for (;;) {
      const code = this.code(offset);
      if (code === NEWLINE || Number.isNaN(code)) return undefined;
      if (code === quote) {
        if (quote === SINGLE_QUOTE && this.code(offset + 1) === SINGLE_QUOTE) {
          offset += 2;
          continue;
        }
        return offset + 1;
      }
      if (quote === DOUBLE_QUOTE && code === BACKSLASH) {
        const escaped = this.code(offset + 1);
        if (escaped === NEWLINE || Number.isNaN(escaped)) return undefined;
        offset += 2;
        continue;
      }
      offset++;
    }
  }

  protected quoted(start: number): [YamlScalar, number] {
    const end = this.quotedEnd(start) ?? giveUp();
    const raw = this.text.slice(start, end);
    return [scalarNode(quotedValue(raw), raw, this.at(start)), end];
  }

  /** `[a, b]` or `{a: 1}` on one line, nested or not; returns the node and the offset after it. */
  protected flowCollection(start: number, depth: number): [YamlNode, number] {
    this.checkDepth(depth);
    const loc = this.at(start);
    const isMap = this.code(start) === OPEN_BRACE;
    const close = isMap ? CLOSE_BRACE : CLOSE_BRACKET;
    const items: YamlNode[] = [];
    const entries: YamlEntry[] = [];
    const seen = new Set<string>();
    let offset = this.skipSpaces(start + 1);
    if (this.code(offset) === close) {
      return [isMap ? { kind: 'map', entries, loc } : { kind: 'seq', items, loc }, offset + 1];
    }
    for (;;) {
      if (isMap) {
        const key = this.flowKey(offset);
        if (seen.has(key.node.value) || key.node.value === '<<') giveUp();
        seen.add(key.node.value);
        const [value, end] = this.flowValue(this.skipSpaces(key.after), depth + 1);
        entries.push({ key: key.node, value });
        offset = end;
      } else {
        const [item, end] = this.flowValue(offset, depth + 1);
        items.push(item);
        offset = end;
      }
      offset = this.skipSpaces(offset);
      const next = this.code(offset);
      if (next === close) break;
      if (next !== COMMA) giveUp();
      offset = this.skipSpaces(offset + 1);
      // A trailing comma or an empty entry: `yaml`'s (an entry on the next line fails in flowValue).
      const following = this.code(offset);
      if (
        following === COMMA ||
        following === close ||
        following === CLOSE_BRACKET ||
        following === CLOSE_BRACE
      ) {
        giveUp();
      }
    }
    return [isMap ? { kind: 'map', entries, loc } : { kind: 'seq', items, loc }, offset + 1];
  }

  /** A flow map's key and its `: `, at `offset`; plain keys end at the colon, never at a flow indicator. */
  protected flowKey(offset: number): KeyAt {
    const first = this.code(offset);
    if (first !== DOUBLE_QUOTE && first !== SINGLE_QUOTE) {
      if (INDICATOR_START.has(first) || first === DASH) giveUp();
      const lineEnd = this.lineEnd(offset);
      for (let at = offset; at < lineEnd; at++) {
        const code = this.code(at);
        if (code === COLON && this.isBlankAt(at + 1)) break;
        if (code === COLON && FLOW_END.has(this.code(at + 1))) giveUp();
        if (FLOW_END.has(code) || (code === SPACE && this.code(at + 1) === HASH)) giveUp();
      }
    }
    return this.keyAt(offset) ?? giveUp();
  }

  protected flowValue(start: number, depth: number): [YamlNode, number] {
    this.checkDepth(depth);
    const first = this.code(start);
    if (first === OPEN_BRACKET || first === OPEN_BRACE) return this.flowCollection(start, depth);
    if (first === DOUBLE_QUOTE || first === SINGLE_QUOTE) return this.quoted(start);
    const end = this.plainEnd(start, true);
    const raw = this.text.slice(start, end);
    return [scalarNode(plainValue(raw), raw, this.at(start)), end];
  }
}

/** The value of a one-line quoted scalar written as `raw`, quotes included. */
function quotedValue(raw: string): string {
  const inner = raw.slice(1, -1);
  if (raw.startsWith("'")) return inner.replaceAll("''", "'");
  return doubleQuotedValue(inner) ?? giveUp();
}
