import { describe, expect, it } from 'vitest';
import { fromReadCell, headerText, toWrittenCell } from './cellValues.js';

describe('toWrittenCell', () => {
  it('keeps numbers, booleans and text; empties null and undefined', () => {
    expect([42, 3.5, true, false, 'text', null, undefined].map(toWrittenCell)).toEqual([
      42,
      3.5,
      true,
      false,
      'text',
      null,
      null,
    ]);
  });

  it('writes formula-looking text as text and objects (even formula-shaped ones) as JSON', () => {
    expect(toWrittenCell('=HYPERLINK("x")')).toBe('=HYPERLINK("x")');
    expect(toWrittenCell({ formula: 'A1*2' })).toBe('{"formula":"A1*2"}');
    expect(toWrittenCell([1, 'a'])).toBe('[1,"a"]');
  });

  it('writes non-finite numbers as text, since a cell cannot hold them', () => {
    expect(toWrittenCell(Number.NaN)).toBe('NaN');
    expect(toWrittenCell(Number.POSITIVE_INFINITY)).toBe('Infinity');
  });

  it("refuses text longer than Excel's cell limit", () => {
    expect(toWrittenCell('x'.repeat(32_767))).toHaveLength(32_767);
    expect(toWrittenCell('x'.repeat(32_768))).toEqual({
      problem: "text of 32768 characters is longer than Excel's 32767 per cell",
    });
  });
});

describe('fromReadCell', () => {
  it('keeps plain values and turns empty cells into null', () => {
    expect([7, 'a', false, null, undefined].map(fromReadCell)).toEqual([7, 'a', false, null, null]);
  });

  it('writes dates as ISO text: the day alone at midnight', () => {
    expect(fromReadCell(new Date(Date.UTC(2024, 0, 15)))).toBe('2024-01-15');
    expect(fromReadCell(new Date(Date.UTC(2024, 0, 15, 13, 30)))).toBe('2024-01-15T13:30:00.000Z');
  });

  it('reads formulas as their cached result, rich text and links as text, errors as their code', () => {
    expect(fromReadCell({ formula: 'A1*2', result: 84 })).toBe(84);
    expect(fromReadCell({ sharedFormula: 'A2', result: 'x' })).toBe('x');
    expect(fromReadCell({ formula: 'A1*3' })).toBeNull();
    expect(fromReadCell({ richText: [{ text: 'bold ' }, { text: 'plain' }] })).toBe('bold plain');
    expect(fromReadCell({ text: 'site', hyperlink: 'https://example.com' })).toBe('site');
    expect(fromReadCell({ error: '#N/A' })).toBe('#N/A');
    expect(fromReadCell({ checkbox: true })).toBe(true);
  });

  it('reads header cells as trimmed text', () => {
    expect(headerText('  Name ')).toBe('Name');
    expect(headerText(2024)).toBe('2024');
    expect(headerText(null)).toBe('');
  });
});
