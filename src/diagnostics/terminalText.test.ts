import { describe, expect, it } from 'vitest';
import { escapeControlLines, escapeControls } from './terminalText.js';

describe('escapeControls', () => {
  it('shows escape sequences, carriage returns and bells as text', () => {
    expect(escapeControls('a\u001b[2Jb\rc\u0007d')).toBe('a\\x1b[2Jb\\rc\\u0007d');
  });

  it('escapes C1 controls, line separators and bidirectional overrides', () => {
    expect(escapeControls('x\u009b31my\u202ez\u2028w\u0085')).toBe('x\\u009b31my\\u202ez\\u2028w\\u0085');
  });

  it('escapes line feeds and tabs: a name or value stays on its line (issue 28)', () => {
    expect(escapeControls('a\nevil::warning file=x.yaml::INJECTED\tz')).toBe(
      'a\\nevil::warning file=x.yaml::INJECTED\\tz',
    );
  });

  it('breaks what GitHub Actions reads as a workflow command: a leading colon, and ##[ anywhere', () => {
    expect(escapeControls('::add-mask::x')).toBe('\\u003a:add-mask::x');
    expect(escapeControls(' \u3000\t::error::x')).toBe(' \u3000\\t\\u003a:error::x');
    expect(escapeControls(':')).toBe('\\u003a');
    expect(escapeControls('say ##[error]x')).toBe('say #\\u0023[error]x');
    expect(escapeControls('a::b, c: d')).toBe('a::b, c: d');
  });

  it('keeps ordinary text, including non-ASCII letters', () => {
    const text = 'line 1 · é 名前 🙂 # [x]';
    expect(escapeControls(text)).toBe(text);
  });
});

describe('escapeControlLines', () => {
  it('keeps line breaks as breaks and escapes each line', () => {
    expect(escapeControlLines('a\r\n::error::x\nb\rc\u001b')).toEqual([
      'a',
      '\\u003a:error::x',
      'b\\rc\\x1b',
    ]);
  });
});
