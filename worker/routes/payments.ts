import { Hono } from "hono";
import type { Env } from "../env";

/** Exchange rates, the visitor's country, checkouts with Mercado Pago and dLocal Go, and their webhooks. */
export const paymentRoutes = new Hono<Env>();
