/**
 * Every way a product's fields come in keeps the same rules (the product core, worker/lib/product-core): the
 * editor's PUT /update, the pricing grid's update-pricing, a batch's 'Publicar todos' (the grid's own checks,
 * then what it sends) and the catalogue CSV import. The same rows, ordinary and hostile, go through each door
 * in an Argentine, a Brazilian and a Mexican store, and each door must store the same values or refuse with
 * the same status.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { Product } from "../../common/product";
import type { StoreMoney } from "../../common/store-money";
import { publishItem, rowErrors } from "../../web/features/batch/pricing-rows";
import type { Browser } from "./browser";
import { addProducts, seller } from "./store-helpers";

interface Row {
  name: string;
  price: string;
  sizes: { name: string; stock: string }[];
  category: string;
  description: string;
}

type Door = "editor" | "grid" | "batch" | "import";
const DOORS: Door[] = ["editor", "grid", "batch", "import"];

const cell = (value: string) => (/[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The row as a catalogue CSV in Tiendanube's columns, for the product with `handle`. */
function csvOf(handle: string, row: Row): string {
  const header =
    "Identificador de URL;Nombre;Categorías;Nombre de propiedad 1;Valor de propiedad 1;Precio;Stock;Mostrar en tienda;Descripción";
  const lines = row.sizes.map((size, i) =>
    (i === 0
      ? [handle, row.name, row.category, "Talle", size.name, row.price, size.stock, "SI", row.description]
      : [handle, "", "", "Talle", size.name, row.price, size.stock, "", ""]
    )
      .map(cell)
      .join(";"),
  );
  return [header, ...lines].join("\r\n");
}

interface Store {
  browser: Browser;
  money: StoreMoney;
  /** One product per door, so each door's outcome is its own. */
  products: Record<Door, string>;
}

async function openStoreIn(target: { currency: string; locale: string } | null): Promise<Store> {
  const s = await seller({ phoneNumber: "+54 9 11 5555-1234" });
  if (target) expect((await s.browser.json("PUT", "/api/store-locale", target)).status).toBe(200);
  const { money } = (await (await s.browser.request("/api/store-locale")).json()) as { money: StoreMoney };
  const made = await addProducts(s.browser, DOORS);
  return { browser: s.browser, money, products: Object.fromEntries(DOORS.map((door, i) => [door, made[i]!.id])) as Record<Door, string> };
}

/** Sends `row` through one door to publish it; answers the status (400 where the batch's grid refuses it in place). */
async function through(store: Store, door: Door, row: Row): Promise<number> {
  const id = store.products[door];
  const fields = {
    id,
    name: row.name,
    price: row.price,
    sizes: row.sizes,
    category: row.category,
    description: row.description,
    published: true,
  };
  if (door === "editor") return (await store.browser.json("PUT", "/api/products/update", fields)).status;
  if (door === "grid") return (await store.browser.json("POST", "/api/products/update-pricing", { products: [fields] })).status;
  if (door === "batch") {
    const gridRow = {
      id,
      photoUrl: null,
      name: row.name,
      price: row.price,
      sizes: row.sizes.map((s) => s.name).join(", "),
      stock: row.sizes.map((s) => s.stock).join(", "),
    };
    // 'Publicar todos' sends only the rows its own checks (the core's rules, in the browser) let through.
    if (Object.keys(rowErrors(gridRow, store.money)).length) return 400;
    return (await store.browser.json("POST", "/api/products/update-pricing", { products: [publishItem(gridRow)] })).status;
  }
  const handle = await env.DB.prepare("SELECT handle FROM products WHERE id = ?").bind(id).first<string>("handle");
  const status = (await store.browser.json("POST", "/api/data/import", { csv: csvOf(handle!, row) })).status;
  // The import answers 201 (it may make products); here it updated the door's own one, as the others do with 200.
  return status === 201 ? 200 : status;
}

/** What a door stored: the fields every door sets (a batch's grid sets no category nor description). */
async function stored(store: Store, door: Door) {
  const { product } = (await (await store.browser.request(`/api/products/get/${store.products[door]}`)).json()) as { product: Product };
  const { name, price, published, sizes, category, description } = product;
  return door === "batch" ? { name, price, published, sizes } : { name, price, published, sizes, category, description };
}

async function expectSameOutcome(store: Store, row: Row, expected: { status: number; name?: string; price?: number }) {
  const statuses: Record<string, number> = {};
  for (const door of DOORS) statuses[door] = await through(store, door, row);
  expect(statuses).toEqual(Object.fromEntries(DOORS.map((door) => [door, expected.status])));
  const editor = await stored(store, "editor");
  const { category: _category, description: _description, ...setByEveryDoor } = editor;
  for (const door of DOORS.slice(1)) expect(await stored(store, door), door).toEqual(door === "batch" ? setByEveryDoor : editor);
  if (expected.status === 200) expect(editor).toMatchObject({ name: expected.name, price: expected.price, published: true });
  return editor;
}

const ordinary: Row = {
  name: "Remera Ñandú 🧉",
  price: "",
  sizes: [
    { name: "S", stock: "3" },
    { name: "M", stock: "2" },
  ],
  category: "Remeras",
  description: "Algodón peinado, hecho en Córdoba",
};

const STORES = [
  { country: "AR", target: null, price: "12.500", stored: 12500, withCents: null },
  { country: "BR", target: { currency: "BRL", locale: "pt-BR" }, price: "129,90", stored: 12990, withCents: 1500050 },
  { country: "MX", target: { currency: "MXN", locale: "es-MX" }, price: "1,299.50", stored: 129950, withCents: null },
] as const;

describe.each(STORES)("every door of a product in a store of $country", (country) => {
  let store: Store;
  beforeAll(async () => {
    store = await openStoreIn(country.target ? { ...country.target } : null);
  });
  const row = (change: Partial<Row>): Row => ({ ...ordinary, price: country.price, ...change });

  it("stores an ordinary product the same, with accents and emoji, its price as the country types it", async () => {
    const saved = await expectSameOutcome(store, row({}), { status: 200, name: "Remera Ñandú 🧉", price: country.stored });
    expect(saved).toEqual({
      name: "Remera Ñandú 🧉",
      price: country.stored,
      published: true,
      sizes: [
        { name: "S", stock: 3 },
        { name: "M", stock: 2 },
      ],
      category: "Remeras",
      description: "Algodón peinado, hecho en Córdoba",
    });
  });

  it("cleans a right-to-left override, NUL and invisible characters out of names, sizes and categories alike", async () => {
    const saved = await expectSameOutcome(
      store,
      row({
        name: "Buzo\u202e oversize\u0000\u200b",
        sizes: [
          { name: "M\u200b", stock: "1" },
          { name: "\u2060L", stock: "0" },
        ],
        category: "Abrigos\u202e",
        description: "Con\u0000 capucha\u200b",
      }),
      { status: 200, name: "Buzo oversize", price: country.stored },
    );
    expect(saved).toMatchObject({
      sizes: [
        { name: "M", stock: 1 },
        { name: "L", stock: 0 },
      ],
      category: "Abrigos",
      description: "Con capucha",
    });
  });

  it("refuses 10,000 sizes, a 500,000-character size or category, and stock written 1e3, 0x10 or -1, storing nothing", async () => {
    const before = await stored(store, "editor");
    const hostile: Partial<Row>[] = [
      { sizes: Array.from({ length: 10_000 }, (_, i) => ({ name: `T${i}`, stock: "1" })) },
      { sizes: [{ name: "X".repeat(500_000), stock: "1" }] },
      { category: "C".repeat(500_000) },
      { sizes: [{ name: "M", stock: "1e3" }] },
      { sizes: [{ name: "M", stock: "0x10" }] },
      { sizes: [{ name: "M", stock: "-1" }] },
    ];
    for (const change of hostile) {
      // The batch's grid has no category: a long one cannot come through it, so it is left out of that row's doors.
      const doors = change.category ? DOORS.filter((d) => d !== "batch") : DOORS;
      const statuses = await Promise.all(doors.map((door) => through(store, door, row(change))));
      expect(statuses, JSON.stringify(change).slice(0, 80)).toEqual(doors.map(() => 400));
    }
    // Each door's product is as the ordinary rows left it.
    expect(await stored(store, "editor")).toEqual(before);
    for (const door of DOORS.slice(1))
      expect(await stored(store, door), door).toMatchObject({ name: before.name, price: before.price, sizes: before.sizes });
  });

  it(`reads "15.000,50" the way the country writes money: ${country.withCents ? "with cents" : "refused"}`, async () => {
    const expected = country.withCents ? { status: 200, name: ordinary.name, price: country.withCents } : { status: 400 };
    await expectSameOutcome(store, row({ price: "15.000,50" }), expected);
  });
});
