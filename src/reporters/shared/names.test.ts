import { describe, expect, it } from 'vitest';
import { safeFileName } from './names.js';

describe('safeFileName', () => {
  it('keeps letters, digits, dots, dashes and underscores and joins the rest into one underscore', () => {
    expect(safeFileName('Create user: "Ann"')).toBe('Create_user_Ann');
    expect(safeFileName('GET /users/{id}?x=1')).toBe('GET_users_id_x_1');
    expect(safeFileName('v1.2-beta_3')).toBe('v1.2-beta_3');
  });

  it('removes path separators, so a name can never leave its directory', () => {
    expect(safeFileName('../../etc/passwd')).toBe('etc_passwd');
    expect(safeFileName('a\\b/c')).toBe('a_b_c');
    expect(safeFileName('..')).toBe('unnamed');
  });

  it('drops accents and characters no file system or artifact store takes everywhere', () => {
    expect(safeFileName('Café crème')).toBe('Cafe_creme');
    expect(safeFileName('日本 test')).toBe('test');
    expect(safeFileName('tab\there\u0000nul')).toBe('tab_here_nul');
  });

  it('never returns an empty name, trims to 80 characters and avoids Windows device names', () => {
    expect(safeFileName('')).toBe('unnamed');
    expect(safeFileName('   ')).toBe('unnamed');
    expect(safeFileName('x'.repeat(200))).toHaveLength(80);
    expect(safeFileName(`${'a'.repeat(79)} b`)).toBe('a'.repeat(79));
    expect(safeFileName('CON')).toBe('_CON');
    expect(safeFileName('nul.json')).toBe('_nul.json');
    expect(safeFileName('console')).toBe('console');
  });
});
