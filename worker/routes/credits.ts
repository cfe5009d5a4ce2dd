import { Hono } from "hono";
import type { Env } from "../env";

/** Credit packs and the automatic charge that activates the store plan with 500 credits. */
export const creditRoutes = new Hono<Env>();
