import { Hono } from "hono";
import type { Env } from "../env";

/** The public store at /u/:username, rendered on the server. */
export const storePages = new Hono<Env>();
