/**
 * A fast reader for the part of YAML that scenario files are written in: block maps and lists, one-line plain
 * and quoted scalars, comments, one-line flow collections and `|`/`>` block scalars. It builds runner's
 * YamlNode tree directly, with the same values and source positions as the `yaml` package gives through
 * parseYaml.ts.
 *
 * Why it exists: in a fresh process (every CI container, every first run) V8 still interprets `yaml`, whose
 * general parser then costs about 60 ms for a 30 KB scenario; this reader takes a few. Libraries that are
 * faster do not give source positions. Why it is safe: it reads only what it fully understands. Anything else
 * (anchors, aliases, tags, directives, several documents, complex keys, multi-line plain or quoted scalars,
 * tabs, odd indentation, duplicate keys, every kind of error) makes it give up, and parseYaml hands the text
 * to `yaml` as before, so values and diagnostics stay exactly `yaml`'s. commonYaml.test.ts compares the two
 * on every YAML file in the repository and on generated edge cases.
 */
import { FlowYamlReader } from './flowYaml.js';
import { plainValue } from './plainScalars.js';
import {
  DASH,
  DOUBLE_QUOTE,
  GIVE_UP,
  GREATER,
  HASH,
  NEWLINE,
  OPEN_BRACE,
  OPEN_BRACKET,
  PIPE,
  SINGLE_QUOTE,
  giveUp,
} from './yamlCursor.js';
import {
  scalarNode,
  type YamlEntry,
  type YamlMap,
  type YamlNode,
  type YamlScalar,
  type YamlSeq,
} from './yamlTree.js';

// Characters this reader leaves to `yaml`: tabs, carriage returns, other controls, byte-order marks and the
// Unicode line separators.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSUPPORTED_CHARACTER = /[\0-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]/;

/** The tree for `text`, or undefined when the text needs the `yaml` package. */
export function readCommonYaml(text: string, file: string, maxDepth: number): YamlNode | undefined {
  if (UNSUPPORTED_CHARACTER.test(text)) return undefined;
  try {
    return new CommonYamlReader(text, file, maxDepth).document();
  } catch (error) {
    if (error === GIVE_UP) return undefined;
    throw error;
  }
}

class CommonYamlReader extends FlowYamlReader {
  document(): YamlNode {
    this.nextContentLine();
    // An empty document or an indented root is rare and cheap for `yaml`.
    if (this.indent !== 0) giveUp();
    const root = this.blockNode(0, 0);
    if (this.pos < this.text.length) giveUp();
    return root;
  }

  /** A node that starts at `pos`, the first content of its line or after `- `, at column `col`. */
  private blockNode(col: number, depth: number): YamlNode {
    this.checkDepth(depth);
    if (this.isSeqStart(this.pos)) return this.blockSeq(col, depth);
    if (this.keyAt(this.pos) !== undefined) return this.blockMap(col, depth);
    // A lone scalar or flow collection; whatever follows must belong to a parent further left.
    return this.inlineValue(col - 1, depth);
  }

  private blockMap(col: number, depth: number): YamlMap {
    const loc = this.at(this.pos);
    const entries: YamlEntry[] = [];
    const seen = new Set<string>();
    for (;;) {
      const key = this.keyAt(this.pos) ?? giveUp();
      // A repeated key is `yaml`'s to report; `<<` merges, which parseYaml.ts handles.
      if (seen.has(key.node.value) || key.node.value === '<<') giveUp();
      seen.add(key.node.value);
      this.pos = key.after;
      entries.push({ key: key.node, value: this.valueAfterIndicator(col, depth + 1, true) });
      if (this.indent === col) continue;
      if (this.indent < col) return { kind: 'map', entries, loc };
      giveUp();
    }
  }

  private blockSeq(col: number, depth: number): YamlSeq {
    const loc = this.at(this.pos);
    const items: YamlNode[] = [];
    for (;;) {
      items.push(this.seqItem(col, depth + 1));
      if (this.indent === col && this.isSeqStart(this.pos)) continue;
      // At `col` without a dash: the next key of a map at the same column, its parent's business.
      if (this.indent <= col) return { kind: 'seq', items, loc };
      giveUp();
    }
  }

  /** `pos` is at the item's dash. */
  private seqItem(col: number, depth: number): YamlNode {
    const content = this.skipSpaces(this.pos + 1);
    const next = this.code(content);
    if (next === NEWLINE || next === HASH || content >= this.text.length) {
      this.pos += 1;
      return this.valueAfterIndicator(col, depth, false);
    }
    this.checkDepth(depth);
    this.pos = content;
    const contentCol = content - this.lineStart;
    if (this.isSeqStart(content)) return this.blockSeq(contentCol, depth);
    if (this.keyAt(content) !== undefined) return this.blockMap(contentCol, depth);
    return this.inlineValue(col, depth);
  }

  /**
   * The value after a key's `:` or a dash, `pos` just past it. `parentCol` is the column of the map or list;
   * a value on the following lines sits further right (or, for a list under a key, at the same column).
   */
  private valueAfterIndicator(parentCol: number, depth: number, listAtSameColumn: boolean): YamlNode {
    this.checkDepth(depth);
    const content = this.skipSpaces(this.pos);
    const next = this.code(content);
    if (next === NEWLINE || content >= this.text.length || (next === HASH && content > this.pos)) {
      const empty = this.at(content);
      this.toNextLine(content);
      this.nextContentLine();
      if (this.indent > parentCol) return this.blockNode(this.indent, depth);
      if (listAtSameColumn && this.indent === parentCol && this.isSeqStart(this.pos)) {
        this.checkDepth(depth);
        return this.blockSeq(parentCol, depth);
      }
      return { kind: 'scalar', value: null, loc: empty };
    }
    if (content === this.pos) giveUp();
    this.pos = content;
    return this.inlineValue(parentCol, depth);
  }

  /** A value that starts on this line at `pos`: a scalar, a flow collection or a block scalar's header. */
  private inlineValue(parentCol: number, depth: number): YamlNode {
    this.checkDepth(depth);
    const start = this.pos;
    const first = this.code(start);
    if (first === PIPE || first === GREATER) return this.blockScalar(parentCol);
    let node: YamlNode;
    let end: number;
    if (first === OPEN_BRACKET || first === OPEN_BRACE) {
      [node, end] = this.flowCollection(start, depth);
    } else if (first === DOUBLE_QUOTE || first === SINGLE_QUOTE) {
      [node, end] = this.quoted(start);
    } else {
      end = this.plainEnd(start, false);
      const raw = this.text.slice(start, end);
      node = scalarNode(plainValue(raw), raw, this.at(start));
    }
    this.endLine(end);
    // A deeper line after a scalar would continue it (or be an error): `yaml`'s to read.
    if (this.indent > parentCol) giveUp();
    return node;
  }

  /**
   * A `|` or `>` scalar whose header is at `pos`, with clip or strip chomping and its indentation taken from
   * its first line. Leading blank lines, more-indented folded lines, lines of spaces only beyond the
   * indentation, `+` and explicit indentation are left to `yaml`.
   */
  private blockScalar(parentCol: number): YamlScalar {
    const header = this.pos;
    const loc = this.at(header);
    const folded = this.code(header) === GREATER;
    let afterHeader = header + 1;
    const strip = this.code(afterHeader) === DASH;
    if (strip) afterHeader++;
    if (!this.isBlankAt(afterHeader)) giveUp();
    const rest = this.skipSpaces(afterHeader);
    if (this.code(rest) === HASH && rest === afterHeader) giveUp();
    if (this.code(rest) !== HASH && this.code(rest) !== NEWLINE && rest < this.text.length) giveUp();
    this.toNextLine(rest);
    const lines: string[] = [];
    let blockIndent = -1;
    let emptyBefore = 0;
    while (this.pos < this.text.length) {
      const content = this.skipSpaces(this.pos);
      const width = content - this.pos;
      if (content >= this.text.length) {
        if (blockIndent !== -1 && width > blockIndent) giveUp();
        break;
      }
      if (this.code(content) === NEWLINE) {
        if (lines.length === 0 || width > blockIndent) giveUp();
        emptyBefore++;
        this.toNextLine(content);
        continue;
      }
      if (blockIndent === -1) {
        if (width <= parentCol) giveUp();
        blockIndent = width;
      }
      if (width < blockIndent) break;
      if (folded && width > blockIndent) giveUp();
      const separator =
        lines.length === 0
          ? ''
          : folded && emptyBefore === 0
            ? ' '
            : '\n'.repeat(folded ? emptyBefore : emptyBefore + 1);
      lines.push(separator + this.text.slice(this.pos + blockIndent, this.lineEnd(content)));
      emptyBefore = 0;
      this.toNextLine(content);
    }
    if (lines.length === 0) giveUp();
    this.nextContentLine();
    if (this.indent > parentCol) giveUp();
    const value = lines.join('') + (strip ? '' : '\n');
    return scalarNode(value, undefined, loc);
  }
}
