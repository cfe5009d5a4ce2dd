import { Hono } from "hono";
import type { Env } from "../env";

/** Seller store setup (POST /api/auth/mi-tienda) and the public store data (GET /api/auth/store/:username). */
export const storeRoutes = new Hono<Env>();
