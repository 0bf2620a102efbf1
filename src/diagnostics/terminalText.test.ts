import { describe, expect, it } from 'vitest';
import { escapeControls } from './terminalText.js';

describe('escapeControls', () => {
  it('shows escape sequences, carriage returns and bells as text', () => {
    expect(escapeControls('a\u001b[2Jb\rc\u0007d')).toBe('a\\x1b[2Jb\\rc\\u0007d');
  });

  it('escapes C1 controls and bidirectional overrides', () => {
    expect(escapeControls('x\u009b31my\u202ez')).toBe('x\\u009b31my\\u202ez');
  });

  it('keeps line feeds, tabs and ordinary text, including non-ASCII letters', () => {
    const text = 'line 1\n\tline 2 · é 名前 🙂';
    expect(escapeControls(text)).toBe(text);
  });
});
