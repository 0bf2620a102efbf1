import { describe, expect, it } from 'vitest';
import { testRuntime } from '../expressions/testRuntime.js';
import type { Transform } from '../language/model.js';
import { applyTransform, TransformError } from './transform.js';
import { VariableStore } from './variables.js';

const products = [
  { id: 'a', stock: 3, price: 10 },
  { id: 'b', stock: 0, price: 20 },
  { id: 'c', stock: 5, price: 30 },
  { id: 'd', stock: 1, price: 40 },
  { id: 'e', stock: 0, price: 50 },
];

function run(transform: Partial<Transform>, body?: unknown, variables: Record<string, unknown> = {}) {
  const store = new VariableStore({ products, ...variables });
  return applyTransform({ from: '$products', ...transform }, body, store, testRuntime());
}

function ids(result: unknown): unknown {
  return (result as { id: string }[]).map((item) => item.id);
}

describe('applyTransform', () => {
  it('returns the source array as the body when nothing else is given', () => {
    expect(run({})).toEqual(products);
  });

  it('keeps only items for which the filter holds, with the item bound as $item', () => {
    expect(ids(run({ filter: '$item.stock > 0' }))).toEqual(['a', 'c', 'd']);
  });

  it('slices like Python: start:end, either side optional', () => {
    expect(ids(run({ slice: '1:3' }))).toEqual(['b', 'c']);
    expect(ids(run({ slice: ':2' }))).toEqual(['a', 'b']);
    expect(ids(run({ slice: '3:' }))).toEqual(['d', 'e']);
    expect(ids(run({ slice: ':' }))).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(ids(run({ slice: '2:100' }))).toEqual(['c', 'd', 'e']);
  });

  it('counts negative slice bounds from the end', () => {
    expect(ids(run({ slice: '-2:' }))).toEqual(['d', 'e']);
    expect(ids(run({ slice: ':-3' }))).toEqual(['a', 'b']);
    expect(ids(run({ slice: '-4:-1' }))).toEqual(['b', 'c', 'd']);
    expect(ids(run({ slice: '-100:1' }))).toEqual(['a']);
    expect(ids(run({ slice: '3:1' }))).toEqual([]);
  });

  it('rejects a slice that is not start:end', () => {
    expect(() => run({ slice: '1-3' })).toThrow(/transform\.slice "1-3" is not a slice/);
  });

  it('maps each item through the template, keeping value types', () => {
    const result = run({ map: { sku: '$item.id', qty: 1, label: 'item-$item.id', price: '$item.price' } });
    expect(result).toEqual([
      { sku: 'a', qty: 1, label: 'item-a', price: 10 },
      { sku: 'b', qty: 1, label: 'item-b', price: 20 },
      { sku: 'c', qty: 1, label: 'item-c', price: 30 },
      { sku: 'd', qty: 1, label: 'item-d', price: 40 },
      { sku: 'e', qty: 1, label: 'item-e', price: 50 },
    ]);
  });

  it('maps to a plain value when the template is a single reference', () => {
    expect(run({ map: '$item.price' })).toEqual([10, 20, 30, 40, 50]);
  });

  it('filters, then slices, then maps, in that order', () => {
    const result = run({
      filter: '$item.stock > 0',
      slice: '1:',
      map: { sku: '$item.id', qty: '$item.stock' },
    });
    expect(result).toEqual([
      { sku: 'c', qty: 5 },
      { sku: 'd', qty: 1 },
    ]);
  });

  it('puts the result into a nested path of an existing body without touching the original', () => {
    const body = { customer: 'ann', order: { note: 'rush', lines: 'old' } };
    const result = run({ map: { sku: '$item.id' }, slice: ':1', into: 'order.lines' }, body);
    expect(result).toEqual({ customer: 'ann', order: { note: 'rush', lines: [{ sku: 'a' }] } });
    expect(body.order.lines).toBe('old');
  });

  it('creates the objects on the way when the body or the path is missing', () => {
    expect(run({ slice: '-1:', map: '$item.id', into: 'cart.items' })).toEqual({
      cart: { items: ['e'] },
    });
    expect(run({ slice: '-1:', map: '$item.id', into: 'items' }, { a: 1 })).toEqual({
      a: 1,
      items: ['e'],
    });
  });

  it('refuses to write through a field that is not a map, or into a body that is not one', () => {
    expect(() => run({ into: 'order.lines' }, { order: 'x' })).toThrow(
      'transform.into `order.lines`: body field `order` is a string, not a map',
    );
    expect(() => run({ into: 'items' }, [1, 2])).toThrow(/needs the request body to be a map/);
    expect(() => run({ into: 'items[0]' })).toThrow(/array index/);
  });

  it('restores whatever $item held before', () => {
    const store = new VariableStore({ products, item: 'outer' });
    applyTransform({ from: '$products', map: '$item.id' }, undefined, store, testRuntime());
    expect(store.get('item')).toBe('outer');
    const fresh = new VariableStore({ products });
    applyTransform({ from: '$products', filter: '$item.stock > 0' }, undefined, fresh, testRuntime());
    expect(fresh.has('item')).toBe(false);
  });

  it('reads the source through a path', () => {
    const result = run({ from: '$response.items', map: '$item' }, undefined, {
      response: { items: [1, 2] },
    });
    expect(result).toEqual([1, 2]);
  });

  it('names a missing source', () => {
    expect(() => run({ from: '$missing' })).toThrow(TransformError);
    expect(() => run({ from: '$missing' })).toThrow(/^transform\.from `\$missing`: .*missing/);
  });

  it('names a source that is not an array', () => {
    expect(() => run({ from: '$user' }, undefined, { user: { id: 1 } })).toThrow(
      'transform.from `$user` is an object, not an array',
    );
  });

  it('asks for a $ reference', () => {
    expect(() => run({ from: 'products' })).toThrow(/must name a saved array/);
  });

  it('says which item a filter failed on', () => {
    const store = new VariableStore({ rows: [{ n: 1 }, { m: 2 }] });
    expect(() =>
      applyTransform({ from: '$rows', filter: '$item.n > 0' }, undefined, store, testRuntime()),
    ).toThrow(/^transform\.filter, item \[1\]: /);
  });
});
