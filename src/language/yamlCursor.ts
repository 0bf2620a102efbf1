/**
 * The reading position of the fast YAML reader (commonYaml.ts): offsets, lines and columns, blank and comment
 * lines, and the one way out when the text needs the `yaml` package.
 */
import type { SourceLocation } from '../diagnostics/location.js';

/** Thrown (one shared value, no stack) when the text needs the full parser; caught by readCommonYaml. */
export const GIVE_UP = Symbol('needs the yaml package');

export function giveUp(): never {
  throw GIVE_UP;
}

export const NEWLINE = 0x0a;
export const SPACE = 0x20;
export const HASH = 0x23;
export const COLON = 0x3a;
export const DASH = 0x2d;
export const COMMA = 0x2c;
export const DOUBLE_QUOTE = 0x22;
export const SINGLE_QUOTE = 0x27;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACKET = 0x5d;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
export const PIPE = 0x7c;
export const GREATER = 0x3e;
export const BACKSLASH = 0x5c;
export const QUESTION = 0x3f;

export class YamlCursor {
  protected pos = 0;
  protected line = 1;
  protected lineStart = 0;
  /** Indentation of the content line at `pos`; -1 at the end of the text. */
  protected indent = 0;

  constructor(
    protected readonly text: string,
    protected readonly file: string,
    protected readonly maxDepth: number,
  ) {}

  protected at(offset: number): SourceLocation {
    return { file: this.file, line: this.line, col: offset - this.lineStart + 1 };
  }

  protected code(offset: number): number {
    return this.text.charCodeAt(offset);
  }

  /** The end of the current line (its newline, or the end of the text). */
  protected lineEnd(from: number): number {
    const end = this.text.indexOf('\n', from);
    return end === -1 ? this.text.length : end;
  }

  protected skipSpaces(from: number): number {
    const text = this.text;
    let offset = from;
    while (text.charCodeAt(offset) === SPACE) offset++;
    return offset;
  }

  /** True when a space, a newline or the end of the text follows `offset`. */
  protected isBlankAt(offset: number): boolean {
    const next = this.code(offset);
    return next === SPACE || next === NEWLINE || Number.isNaN(next);
  }

  /** Moves past the newline that ends the line holding `offset` (or to the end of the text). */
  protected toNextLine(offset: number): void {
    const end = this.lineEnd(offset);
    if (end === this.text.length) {
      this.pos = end;
      return;
    }
    this.pos = end + 1;
    this.line++;
    this.lineStart = this.pos;
  }

  /** From a line start: skips blank and comment lines and stops at the next content, setting `indent`. */
  protected nextContentLine(): void {
    for (;;) {
      const content = this.skipSpaces(this.pos);
      if (content >= this.text.length) {
        this.pos = content;
        this.indent = -1;
        return;
      }
      const first = this.code(content);
      if (first !== NEWLINE && first !== HASH) {
        this.pos = content;
        this.indent = content - this.lineStart;
        if (this.indent === 0 && this.isDocumentMarker(content)) giveUp();
        return;
      }
      this.toNextLine(content);
    }
  }

  protected isDocumentMarker(offset: number): boolean {
    const three = this.text.slice(offset, offset + 3);
    return (three === '---' || three === '...') && this.isBlankAt(offset + 3);
  }

  /** After a value on a line: only spaces and a comment may follow; then on to the next content line. */
  protected endLine(offset: number): void {
    const after = this.skipSpaces(offset);
    const next = this.code(after);
    if (next === HASH && after > offset) this.toNextLine(after);
    else if (next === NEWLINE || after >= this.text.length) this.toNextLine(after);
    else giveUp();
    this.nextContentLine();
  }

  protected isSeqStart(offset: number): boolean {
    return this.code(offset) === DASH && this.isBlankAt(offset + 1);
  }

  protected checkDepth(depth: number): void {
    if (depth > this.maxDepth) giveUp();
  }
}
