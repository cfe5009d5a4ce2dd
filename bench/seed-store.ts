/**
 * One realistic store for the store benches (bench:store, bench:load:store), made through the public API as
 * a seller would: sign-up, 'Mi tienda', photos uploaded ten at a time, then prices, sizes and categories,
 * published. The photos' renditions are made by the queue afterwards: wait for workerd to be idle
 * (sample-photo.ts waitUntilIdle) before measuring.
 */
import { distinctJpeg } from "./sample-photo.ts";

export const PRODUCTS = 60;

const KINDS = [
  "Remera oversize",
  "Buzo canguro",
  "Campera puffer",
  "Jean mom",
  "Vestido lino",
  "Short deportivo",
  "Camisa oxford",
  "Pollera plisada",
  "Calza térmica",
  "Chaleco inflable",
];
/** The shop's own categories, as a seller groups those garments. */
const CATEGORIES = ["Remeras", "Abrigos", "Abrigos", "Jeans", "Vestidos", "Deportivo", "Camisas", "Polleras", "Deportivo", "Abrigos"];
const COLORS = ["negra", "blanca", "azul marino", "verde oliva", "rosa viejo", "gris melange"];
const SIZES = ["XS", "S", "M", "L", "XL", "XXL"];

export interface SeededStore {
  base: string;
  cookie: string;
  username: string;
  ids: string[];
}

/**
 * The shops the benches measure: Argentina's (ARS, whole pesos, es-AR) and a Brazilian one (BRL, prices
 * with cents typed as its seller types them, pt-BR pages), whose store gets its money and language from
 * its country at 'Mi tienda'.
 */
export const SHOPS = {
  AR: { email: "bench-store@example.com", storeName: "Moda Sur Indumentaria", phoneNumber: "+54 9 11 5555 6666", countryCode: "AR" },
  BR: { email: "bench-store-br@example.com", storeName: "Moda Sul Roupas", phoneNumber: "+55 11 98765 4321", countryCode: "BR" },
} as const;
export type Shop = keyof typeof SHOPS;

/** The i-th product's price as its seller types it: "12490" pesos in Argentina, "112,40" reais in Brazil. */
function typedPrice(shop: Shop, i: number): number | string {
  const minor = 9_990 + i * 1_250;
  return shop === "AR" ? minor : `${Math.floor(minor / 100)},${String(minor % 100).padStart(2, "0")}`;
}

export async function seedStore(base: string, photo: Uint8Array<ArrayBuffer>, shop: Shop = "AR"): Promise<SeededStore> {
  const { email, ...storeInput } = SHOPS[shop];
  const json = { "content-type": "application/json", origin: base };
  const signup = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email, password: "bench-password" }),
  });
  if (signup.status !== 201) throw new Error(`register: ${signup.status} ${await signup.text()}`);
  const cookie = signup.headers.get("set-cookie")!.split(";")[0]!;
  const store = await fetch(`${base}/api/auth/mi-tienda`, {
    method: "POST",
    headers: { ...json, cookie },
    body: JSON.stringify(storeInput),
  });
  if (store.status !== 201) throw new Error(`mi-tienda: ${store.status} ${await store.text()}`);
  const { user } = (await store.json()) as { user: { username: string } };

  const ids: string[] = [];
  for (let first = 0; first < PRODUCTS; first += 10) {
    const form = new FormData();
    for (let i = first; i < first + 10; i++) {
      // One distinct photo per product, as in a real store (each gets its own R2 key).
      const bytes = distinctJpeg(photo, i);
      form.append("images", new Blob([bytes], { type: "image/jpeg" }), `${KINDS[i % KINDS.length]} ${COLORS[i % COLORS.length]}.jpg`);
    }
    let upload = await fetch(`${base}/api/products/upload-images`, { method: "POST", headers: { cookie, origin: base }, body: form });
    // vite preview's proxy now and then answers 500 when its own fetch to workerd fails (scripts/local-app.ts):
    // once more. Had the first gone through, the page's card count check would catch the extra products.
    if (upload.status === 500)
      upload = await fetch(`${base}/api/products/upload-images`, { method: "POST", headers: { cookie, origin: base }, body: form });
    if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
    ids.push(...((await upload.json()) as { products: { id: string }[] }).products.map((p) => p.id));
  }
  const products = ids.map((id, i) => ({
    id,
    price: typedPrice(shop, i),
    // Four to six sizes each, some sold out.
    sizes: SIZES.slice(i % 2, 4 + (i % 3)).map((name, k) => ({ name, stock: (i + k) % 5 })),
    category: CATEGORIES[i % KINDS.length],
    // Uploads are drafts: only published, priced products reach the store.
    published: true,
  }));
  const pricing = await fetch(`${base}/api/products/update-pricing`, {
    method: "POST",
    headers: { ...json, cookie },
    body: JSON.stringify({ products }),
  });
  if (pricing.status !== 200) throw new Error(`update-pricing: ${pricing.status} ${await pricing.text()}`);
  return { base, cookie, username: user.username, ids };
}

/** A seller's save that changes what the store shows (the first product's price), so its cached pages are outdated. */
export async function changeFirstPrice(store: SeededStore, price: number): Promise<void> {
  const response = await fetch(`${store.base}/api/products/update-pricing`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: store.base, cookie: store.cookie },
    body: JSON.stringify({ products: [{ id: store.ids[0], price, sizes: [{ name: "M", stock: 3 }] }] }),
  });
  if (response.status !== 200) throw new Error(`update-pricing: ${response.status} ${await response.text()}`);
}
