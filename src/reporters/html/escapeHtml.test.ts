import { describe, expect, it } from 'vitest';
import { escapeHtml, escapeText } from './escapeHtml.js';

describe('escapeHtml', () => {
  it('escapes every character that could start markup or end an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
  });

  it('leaves other text, unicode included, as it is', () => {
    expect(escapeHtml('GET /users?page=2 · ✓ Ünïcödé')).toBe('GET /users?page=2 · ✓ Ünïcödé');
  });
});

describe('escapeText', () => {
  it('escapes markup but keeps quotes, for element content only', () => {
    expect(escapeText(`{"a": "<script>&"}`)).toBe('{"a": "&lt;script&gt;&amp;"}');
  });
});
