import { describe, expect, it } from 'vitest';
import { escapeXmlAttribute, escapeXmlText, stripIllegalXmlChars } from './xmlEscape.js';

describe('stripIllegalXmlChars', () => {
  it('drops C0 controls, lone surrogates and U+FFFE/U+FFFF, keeps tab, newlines and astral characters', () => {
    expect(stripIllegalXmlChars('a\u0000b\u0007c\u001Fd\uFFFEe\uFFFFf')).toBe('abcdef');
    expect(stripIllegalXmlChars('x\uD800y\uDC00z')).toBe('xyz');
    expect(stripIllegalXmlChars('tab\there\nline\rcr 😀 é')).toBe('tab\there\nline\rcr 😀 é');
  });
});

describe('escapeXmlText', () => {
  it('escapes markup characters so `]]>` and tags cannot appear, and keeps a CR as a reference', () => {
    expect(escapeXmlText('a < b && c > d ]]> "q" \'s\'')).toBe(
      'a &lt; b &amp;&amp; c &gt; d ]]&gt; "q" \'s\'',
    );
    expect(escapeXmlText('line1\r\nline2\u0001')).toBe('line1&#13;\nline2');
  });
});

describe('escapeXmlAttribute', () => {
  it('escapes quotes and keeps whitespace characters as references, so attribute normalisation keeps them', () => {
    expect(escapeXmlAttribute(`say "hi" & 'bye' <x>`)).toBe(
      'say &quot;hi&quot; &amp; &apos;bye&apos; &lt;x&gt;',
    );
    expect(escapeXmlAttribute('a\nb\tc\rd\u0008')).toBe('a&#10;b&#9;c&#13;d');
  });
});
