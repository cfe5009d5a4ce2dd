/**
 * Short codes a person reads aloud or types: orders' #K7P2 and products' R4TQ9. Drawn from an
 * alphabet without 0/O nor 1/I/L, unique per seller (a unique index each); a draw that repeats one
 * of the seller's is simply drawn again.
 */

export const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const ORDER_CODE_LENGTH = 4;
/** One more than orders': a product code and an order code are never confused. */
export const PRODUCT_CODE_LENGTH = 5;

export function shortCode(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
}

/**
 * Whether a write failed because a code (`products.code`, `orders.code`) or a handle (`products.handle`) is
 * already one of the seller's, and is worth drawing again. Drizzle wraps D1's error ("Failed query: …"), whose
 * own message is in the cause chain.
 */
export function isCodeTaken(err: unknown, column: "products.code" | "products.handle" | "orders.code"): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if (e.message.includes("UNIQUE") && e.message.includes(column)) return true;
  }
  return false;
}

export const isProductCodeTaken = (err: unknown) => isCodeTaken(err, "products.code");
