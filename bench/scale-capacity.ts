/**
 * How many shop databases a number of shops needs, from the bytes a shop reaches (bench/scale.ts measures them).
 * Plain functions, so bench/scale-capacity.test.ts checks them without a population.
 */

/**
 * D1's size limit for one database: 10 GB (Cloudflare's D1 limits page, developers.cloudflare.com/d1/platform/limits/,
 * "Maximum database size", Workers Paid). The bench counts GB as 1000³ bytes, as that page does.
 */
export const D1_LIMIT_BYTES = 10 * 1000 ** 3;

/** Whole shops of `bytesPerShop` one database of `limitBytes` holds (none of them split across two). */
export function shopsPerDatabase(bytesPerShop: number, limitBytes = D1_LIMIT_BYTES): number {
  if (!(bytesPerShop > 0) || !(limitBytes > 0))
    throw new Error(`bytes per shop and the limit must be positive: ${bytesPerShop}, ${limitBytes}`);
  return Math.floor(limitBytes / bytesPerShop);
}

/**
 * The shop databases `shops` shops of `bytesPerShop` need, each filled up to `limitBytes`. The placement rule
 * spreads shops evenly (worker/lib/shops.ts chooseShard: the fewest shops first), so this is the least count
 * whose share per database fits.
 */
export function databasesNeeded(shops: number, bytesPerShop: number, limitBytes = D1_LIMIT_BYTES): number {
  if (!Number.isInteger(shops) || shops < 0) throw new Error(`shops must be a whole number: ${shops}`);
  if (shops === 0) return 0;
  const perDatabase = shopsPerDatabase(bytesPerShop, limitBytes);
  if (perDatabase === 0) throw new Error(`one shop of ${bytesPerShop} bytes is larger than a database of ${limitBytes}`);
  return Math.ceil(shops / perDatabase);
}
