/**
 * The inside of `npm run bench:export` (bench/data-export.ts): a scratch Worker in workerd with its own local
 * D1 and the two R2 buckets, where a 2,000-product catalogue with a photo each is seeded and 'Descargar mis
 * datos' is built by the app's own buildExport, as the exports queue's consumer builds it.
 */
import type { Bindings } from "../worker/env";
import { buildExport } from "../worker/lib/data-export";

const json = (body: unknown) => Response.json(body);
const SIZES = ["S", "M", "L"];

export default {
  async fetch(request: Request, env: Bindings): Promise<Response> {
    const path = new URL(request.url).pathname;
    if (path === "/migrate") {
      const { statements } = (await request.json()) as { statements: string[] };
      for (const statement of statements) await env.DB.prepare(statement).run();
      return json({ ok: true });
    }
    if (path === "/seller") {
      const { userId } = (await request.json()) as { userId: string };
      await env.DB.prepare("INSERT OR IGNORE INTO users (id, email, name, username) VALUES (?1, ?2, 'Ropa Ñandú', ?3)")
        .bind(userId, `${userId}@example.com`, `nandu-${userId.slice(0, 6)}`)
        .run();
      return json({ ok: true });
    }
    if (path === "/products") {
      // One chunk of the catalogue: each product's own photo in R2, then its rows in one batch; again, the same.
      const { userId, from, count, photo } = (await request.json()) as { userId: string; from: number; count: number; photo: string };
      const bytes = Uint8Array.from(atob(photo), (c) => c.charCodeAt(0));
      const statements: D1PreparedStatement[] = [];
      for (let i = from; i < from + count; i++) {
        const id = `${userId.slice(0, 6)}p${i}`;
        const key = `p/${userId}/${id}.jpg`;
        await env.IMAGES.put(key, bytes);
        statements.push(
          env.DB.prepare(
            "INSERT OR REPLACE INTO products (id, user_id, name, code, image_key, price, published, category, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 1, 'Remeras', ?7)",
          ).bind(
            id,
            userId,
            `Remera lisa ${i} «algodón» 🧵`,
            `K${i.toString(36).toUpperCase().padStart(3, "0")}`,
            key,
            12_500,
            1_700_000_000_000 + i,
          ),
          ...SIZES.map((size, position) =>
            env.DB.prepare(
              "INSERT OR REPLACE INTO product_stock (product_id, color, size, stock, position) VALUES (?1, '', ?2, 5, ?3)",
            ).bind(id, size, position),
          ),
        );
      }
      await env.DB.batch(statements);
      return json({ ok: true });
    }
    if (path === "/build") {
      const { userId } = (await request.json()) as { userId: string };
      const exportId = crypto.randomUUID();
      await env.DB.prepare("INSERT INTO data_exports (id, user_id, origin) VALUES (?1, ?2, 'http://localhost')")
        .bind(exportId, userId)
        .run();
      const started = Date.now();
      const built = await buildExport(env, { exportId, userId });
      const ms = Date.now() - started;
      const stored = await env.DATA.head(`exports/${userId}/${exportId}.zip`);
      return json({ ms, built, stored: stored?.size ?? null });
    }
    return new Response("not found", { status: 404 });
  },
};
