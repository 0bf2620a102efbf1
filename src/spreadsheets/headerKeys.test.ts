import { describe, expect, it } from 'vitest';
import { columnLetter, keysFromAliases, keysFromHeaders, snakeCaseKey } from './headerKeys.js';
import { SpreadsheetError } from './spreadsheetError.js';

describe('snakeCaseKey', () => {
  it.each([
    ['Customer Name ($)', 'customer_name'],
    ['customer_name', 'customer_name'],
    ['  Email  ', 'email'],
    ['orderID', 'order_id'],
    ['HTTPStatus', 'http_status'],
    ['firstName', 'first_name'],
    ['Café Crème', 'cafe_creme'],
    ['Total (EUR) - 2024', 'total_eur_2024'],
    ['a--b__c', 'a_b_c'],
    ['2nd Address', '2nd_address'],
  ])('%s -> %s', (header, key) => {
    expect(snakeCaseKey(header, 1)).toBe(key);
  });

  it('gives column_<n> when nothing is left', () => {
    expect(snakeCaseKey('($)', 3)).toBe('column_3');
    expect(snakeCaseKey('名前', 4)).toBe('column_4');
  });
});

describe('columnLetter', () => {
  it('counts like Excel', () => {
    expect([1, 26, 27, 52, 703].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AZ', 'AAA']);
  });
});

describe('keysFromHeaders', () => {
  it('skips empty headers and keeps column numbers', () => {
    expect(keysFromHeaders(['Id', '', 'Full Name']).columns).toEqual([
      { column: 1, key: 'id' },
      { column: 3, key: 'full_name' },
    ]);
  });

  it('numbers duplicate keys and warns', () => {
    const { columns, warnings } = keysFromHeaders(['Name', 'name ', 'NAME!', 'name_2']);
    expect(columns.map((column) => column.key)).toEqual(['name', 'name_2', 'name_3', 'name_2_2']);
    expect(warnings[0]).toBe(
      'headers `Name` and `name ` (column B) both become `name`; the later one is imported as `name_2` (map it with `columns` to choose)',
    );
    expect(warnings).toHaveLength(3);
  });
});

describe('keysFromAliases', () => {
  it('matches headers ignoring case and surrounding spaces, in the order listed', () => {
    expect(
      keysFromAliases(
        ['Id', ' E-Mail ', 'Name'],
        [
          { header: 'name', as: 'who' },
          { header: 'e-mail', as: 'email' },
        ],
        'sheet `S`',
      ),
    ).toEqual([
      { column: 3, key: 'who' },
      { column: 2, key: 'email' },
    ]);
  });

  it('fails for a header the sheet lacks, listing what it has', () => {
    const attempt = () =>
      keysFromAliases(['Id', '', 'Name'], [{ header: 'Email', as: 'email' }], 'sheet `S`');
    expect(attempt).toThrow(SpreadsheetError);
    expect(attempt).toThrow('sheet `S` has no column `Email` (headers: `Id`, `Name`)');
  });
});
