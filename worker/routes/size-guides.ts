import { Hono } from "hono";
import { z } from "zod";
import { database, shopDatabase } from "../db/client";
import type { Env } from "../env";
import { noBody, smallJson } from "../lib/body-limit";
import { requireUser } from "../lib/sessions";
import { createGuide, deleteGuide, listGuides, sizeGuideInput, updateGuide } from "../lib/size-guides";
import { validate } from "../lib/validation";

const idParam = z.object({ id: z.string().min(1).max(64) });

/** 'Guías de talles': the store's size guides, each for a product or a category. */
export const sizeGuideRoutes = new Hono<Env>()
  .use(requireUser)
  .get("/", async (c) => {
    const user = c.get("user");
    return c.json({ guides: await listGuides(shopDatabase(c.env, user), user.id) }, 200);
  })
  .post("/", smallJson(), validate("json", sizeGuideInput), async (c) => {
    const user = c.get("user");
    const guide = await createGuide(database(c.env.DB), shopDatabase(c.env, user), user.id, c.req.valid("json"));
    return c.json({ guide }, 201);
  })
  .put("/:id", smallJson(), validate("param", idParam), validate("json", sizeGuideInput), async (c) => {
    const user = c.get("user");
    const guide = await updateGuide(database(c.env.DB), shopDatabase(c.env, user), user.id, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ guide }, 200);
  })
  .delete("/:id", noBody(), validate("param", idParam), async (c) => {
    const user = c.get("user");
    await deleteGuide(database(c.env.DB), shopDatabase(c.env, user), user.id, c.req.valid("param").id);
    return c.json({ ok: true }, 200);
  });
