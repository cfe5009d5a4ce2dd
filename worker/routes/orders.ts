import { Hono } from "hono";
import type { Env } from "../env";

/** Shoppers' orders (public, throttled) and the seller's order list and status changes. */
export const orderRoutes = new Hono<Env>();
