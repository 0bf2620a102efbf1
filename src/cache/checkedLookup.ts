import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from '../http/index.js';

function wantedFamily(family: number | string | undefined): 0 | 4 | 6 {
  if (family === 4 || family === 'IPv4') return 4;
  if (family === 6 || family === 'IPv6') return 6;
  return 0;
}

/**
 * The socket's DNS for one connection: it answers only with the addresses the sandbox already checked, so
 * the address dialled is one that was checked (no second lookup that could answer differently). Both the
 * single-address form and `all` (Node's happy-eyeballs connect) are served.
 */
export function checkedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (hostname, options, callback) => {
    const family = wantedFamily(options.family);
    const usable = family === 0 ? [...addresses] : addresses.filter((address) => address.family === family);
    const [first] = usable;
    if (first === undefined) {
      const error = Object.assign(new Error(`no checked IPv${family} address for ${hostname}`), {
        code: 'ENOTFOUND',
      });
      callback(error, '');
    } else if (options.all === true) {
      callback(null, usable);
    } else {
      callback(null, first.address, first.family);
    }
  };
}
