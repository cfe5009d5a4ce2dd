import { Hono } from "hono";
import type { Env } from "../env";

/** Prices, sizes, stock and store images of a seller's products (POST /api/products/update-pricing). */
export const pricingRoutes = new Hono<Env>();
