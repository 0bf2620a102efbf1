import { seedProducts } from '../data.js';
import { errorReply } from '../exchange.js';
import type { Route } from '../router.js';

/** /products: a read-only catalogue with numbers, zero stock and tag lists for matchers to work on. */
export function productRoutes(): Route[] {
  const products = seedProducts();
  return [
    {
      method: 'GET',
      path: '/products',
      handle(context) {
        const tag = context.query.get('tag');
        const inStock = context.query.get('inStock');
        const matching = products.filter(
          (product) =>
            (tag === null || product.tags.includes(tag)) &&
            (inStock === null || (inStock === 'true') === product.stock > 0),
        );
        return { status: 200, body: { items: matching, total: matching.length } };
      },
    },
    {
      method: 'GET',
      path: '/products/:id',
      handle(context) {
        const id = context.params.id ?? '';
        const product = products.find((candidate) => String(candidate.id) === id);
        return product === undefined
          ? errorReply(404, `product ${id} not found`)
          : { status: 200, body: product };
      },
    },
  ];
}
