import { and, desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { database, shopDatabase } from "../db/client";
import { dataExports } from "../db/schema";
import type { Env } from "../env";
import { KiB, limitBody, MiB, noBody } from "../lib/body-limit";
import { readCatalogueCsv } from "../lib/catalogue-import";
import { type ExportState, exportKey, exportLink, exportOrigin, exportState, linkOpens, requestExport } from "../lib/data-export";
import { ApiError } from "../lib/errors";
import { sellerMoney } from "../lib/price-field";
import { importCatalogue } from "../lib/product-core/import";
import { statedSellerLanguage } from "../lib/seller-language";
import { requireUser } from "../lib/sessions";
import { validate } from "../lib/validation";

export const EXPORT_NOT_FOUND = "No encontramos esa descarga de tus datos.";
export const EXPORT_LINK_INVALID = "El enlace de descarga venció o no es tuyo. Pide tus datos de nuevo desde Configuración.";
export const IMPORT_HAS_ERRORS = "El archivo tiene errores: corrígelos y vuelve a importarlo. No se importó ningún producto.";
const IMPORT_TOO_LARGE = "El archivo es demasiado grande: importa hasta 2 MB por vez.";

const exportParam = z.object({ id: z.string().min(1).max(64) });

/** 'Descargar mis datos' and the catalogue import (Configuración). */
export const dataRoutes = new Hono<Env>()
  // One export being built per seller and EXPORTS_PER_DAY a day (worker/lib/data-export.ts): 409 or 429 past them.
  .post("/exports", noBody(), requireUser, async (c) => {
    const id = await requestExport(c.env, c.get("user"), new URL(c.req.url).origin, Date.now(), statedSellerLanguage(c));
    return c.json({ export: { id, state: "building" as ExportState, url: null as string | null } }, 202);
  })
  // The latest export, if any: the settings screen shows its state and, once ready, its link.
  .get("/exports/latest", requireUser, async (c) => {
    const user = c.get("user");
    const row = await shopDatabase(c.env, user)
      .select()
      .from(dataExports)
      .where(eq(dataExports.userId, user.id))
      .orderBy(desc(dataExports.createdAt))
      .limit(1)
      .get();
    if (!row) return c.json({ export: null }, 200);
    const state = exportState(row);
    const url =
      state === "ready" ? await exportLink(c.env, exportOrigin(c.env, new URL(c.req.url).origin), user.id, row.id, row.createdAt) : null;
    return c.json({ export: { id: row.id, state, url } }, 200);
  })
  .get(
    "/exports/:id/download",
    requireUser,
    validate("param", exportParam),
    validate("query", z.object({ token: z.string().max(2048).default("") })),
    async (c) => {
      const user = c.get("user");
      const { id } = c.req.valid("param");
      // Another seller's export looks missing; the seller's own, with a link expired or signed for someone else, says so.
      const row = await shopDatabase(c.env, user)
        .select({ readyAt: dataExports.readyAt, createdAt: dataExports.createdAt })
        .from(dataExports)
        .where(and(eq(dataExports.id, id), eq(dataExports.userId, user.id)))
        .get();
      if (!row) throw new ApiError(404, EXPORT_NOT_FOUND);
      if (!(await linkOpens(c.env, c.req.valid("query").token, user.id, id))) throw new ApiError(403, EXPORT_LINK_INVALID);
      const object = row.readyAt ? await c.env.DATA.get(exportKey(user.id, id)) : null;
      if (!object) throw new ApiError(404, EXPORT_NOT_FOUND);
      const name = `vidriera-mis-datos-${row.createdAt.toISOString().slice(0, 10)}.zip`;
      return new Response(object.body, {
        headers: {
          "content-type": "application/zip",
          "content-disposition": `attachment; filename="${name}"`,
          "cache-control": "private, no-store",
        },
      });
    },
  )
  // A catalogue CSV in Tiendanube's columns: every product in it (updated where its handle is the seller's, else
  // new), or none, with each error by line.
  .post(
    "/import",
    limitBody(2 * MiB + 16 * KiB, IMPORT_TOO_LARGE),
    requireUser,
    validate("json", z.object({ csv: z.string({ error: "Elige un archivo CSV." }).min(1, "El archivo está vacío.") })),
    async (c) => {
      const user = c.get("user");
      const { products: read, errors } = readCatalogueCsv(c.req.valid("json").csv, sellerMoney(user));
      if (errors.length) return c.json({ error: IMPORT_HAS_ERRORS, errors: errors.slice(0, 100) }, 400);
      const { created, updated } = await importCatalogue(database(c.env.DB), shopDatabase(c.env, user), user, read);
      return c.json({ imported: read.length, created, updated }, 201);
    },
  );
