import { Hono } from "hono";
import { database } from "../db/client";
import { latestOutbox } from "../email/outbox";
import type { Env } from "../env";
import { isLocalHost } from "../lib/local-host";
import { esc } from "../lib/html";

/**
 * The offline outbox (`npm run dev`): the e-mails the app would have sent,
 * newest first, with their links clickable. Refused on any non-local host.
 */
export const devOutboxRoutes = new Hono<Env>().get("/outbox", async (c) => {
  if (!isLocalHost(c.req.url)) return c.json({ error: "No encontrado." }, 404);
  const mails = await latestOutbox(database(c.env.DB));
  const items = mails
    .map((m) => {
      const body = esc(m.text).replace(/(https?:\/\/[^\s<]+)/g, (url) => `<a href="${url}">${url}</a>`);
      return `<article><h2>${esc(m.subject)}</h2><p>Para: ${esc(m.to)} · ${m.createdAt.toISOString()}</p><pre>${body}</pre></article>`;
    })
    .join("");
  return c.html(
    `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Correos (desarrollo)</title></head><body><h1>Correos enviados (solo en desarrollo)</h1>${items || "<p>Todavía no hay correos.</p>"}</body></html>`,
  );
});
