/**
 * What a search engine reads of a product page: schema.org `Product` data as JSON-LD (Google's product
 * snippets and merchant listings read it from the page). One `Offer` when every variant sells alike; one per
 * colour and size when their availability differs, so a search result never calls a sold-out size available.
 * A variant has no price of its own here: every offer carries the product's price, in the store's currency.
 */
import type { StoreMoney } from "../../common/store-money";
import type { StoreProductRecord } from "../lib/store-data";

const IN_STOCK = "https://schema.org/InStock";
const OUT_OF_STOCK = "https://schema.org/OutOfStock";

interface Variant {
  name: string | null;
  inStock: boolean;
}

/** Each colour and size the shopper can pick, with whether it can be ordered now. */
function variantsOf(product: StoreProductRecord): Variant[] {
  if (product.colors.length) {
    return product.colors.flatMap((color) =>
      color.sizes.length
        ? color.sizes.map((size) => ({ name: `${color.name} / ${size.name}`, inStock: size.stock > 0 }))
        : [{ name: color.name, inStock: true }],
    );
  }
  if (product.sizes.length) return product.sizes.map((size) => ({ name: size.name, inStock: size.stock > 0 }));
  return [{ name: null, inStock: product.stock == null || product.stock > 0 }];
}

/** "12500" pesos, "129.90" reais: schema.org's price is a plain decimal with a dot, in major units. */
export function schemaPrice(price: number, money: StoreMoney): string {
  return (price / 10 ** money.digits).toFixed(money.digits);
}

/** The JSON-LD object for a product page at `url`; `null` when the product has no price to offer. */
export function productJsonLd(input: {
  product: StoreProductRecord;
  storeName: string;
  url: string;
  origin: string;
  money: StoreMoney;
}): Record<string, unknown> | null {
  const { product, money, url } = input;
  if (product.price <= 0) return null;
  const variants = variantsOf(product);
  const alike = variants.every((v) => v.inStock === variants[0]!.inStock);
  const offer = (variant: Variant | null) => ({
    "@type": "Offer",
    ...(variant?.name ? { name: variant.name } : {}),
    ...(variant?.name && product.code ? { sku: `${product.code} ${variant.name}` } : {}),
    price: schemaPrice(product.price, money),
    priceCurrency: money.currency,
    availability: (variant ? variant.inStock : variants.some((v) => v.inStock)) ? IN_STOCK : OUT_OF_STOCK,
    url,
  });
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    ...(product.description ? { description: product.description } : {}),
    image: product.images.map((image) => (image.startsWith("/") ? `${input.origin}${image}` : image)),
    ...(product.code ? { sku: product.code, productID: product.code } : {}),
    brand: { "@type": "Brand", name: input.storeName },
    offers: alike ? offer(null) : variants.map(offer),
  };
}
