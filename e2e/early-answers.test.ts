import { describe, expect, it } from "vitest";
import { baseURL } from "./chromium";

/**
 * Answers the Worker gives before reading a request's body (401 without a
 * session, 403 from another site, 413 over a body limit), fired together
 * through the same local server the app runs on (workerd through miniflare,
 * scripts/serve-build.ts; `wrangler dev` and `vite preview` behaved the same). Before worker/lib/read-whole-body.ts, workerd
 * reset such connections and vite answered a 500 "fetch failed" page instead:
 * in a burst like this one, a third to all of the photo-sized uploads, and a few
 * percent of small bodies. It drives no screen, so nothing here is checked as seen (e2e/seen.ts): what is
 * checked is the Worker's own answer, byte for byte.
 */

/** A photo as the app sends it when a product is edited (base64 in JSON): about 700 KB. */
const photoJson = (i: number) =>
  JSON.stringify({ id: `producto-${i}`, name: `Remera ${i}`, imageBase64: `data:image/jpeg;base64,${"A".repeat(700_000)}` });

interface Answer {
  status: number;
  body: string;
}

async function send(path: string, init: RequestInit): Promise<Answer> {
  const response = await fetch(new URL(path, baseURL()), init);
  return { status: response.status, body: await response.text() };
}

const post = (path: string, body: BodyInit, headers: Record<string, string> = {}): Promise<Answer> =>
  send(path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body, duplex: "half" } as RequestInit);

/** A body with no length, sent chunk by chunk (as a streamed upload is), 64 KiB in all. */
function streamed(): ReadableStream<Uint8Array> {
  let left = 16;
  const chunk = new TextEncoder().encode("a".repeat(4096));
  return new ReadableStream({
    pull(controller) {
      if (left-- === 0) controller.close();
      else controller.enqueue(chunk);
    },
  });
}

/** Every answer is the Worker's JSON with a Spanish message, never vite's HTML error page. */
function tally(answers: Answer[]) {
  const byStatus: Record<number, number> = {};
  for (const answer of answers) byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
  const notJson = answers.filter((a) => {
    try {
      return typeof (JSON.parse(a.body) as { error?: unknown }).error !== "string";
    } catch {
      return true;
    }
  });
  return { byStatus, notJson: notJson.length };
}

describe("early answers through the local server, in a burst", () => {
  it("photo-sized JSON without a session: every one a 401, none a 500", async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => post("/api/products/update", photoJson(i))));
    expect(tally(answers)).toEqual({ byStatus: { 401: 40 }, notJson: 0 });
  });

  it("small JSON without a session, from another site, and over the sign-in body limit (with and without a length), all at once", async () => {
    const small = JSON.stringify({ name: "Remera Básica ✨", price: "12.500" });
    const answers = await Promise.all([
      ...Array.from({ length: 60 }, () => post("/api/products/update", small)),
      ...Array.from({ length: 20 }, () => post("/api/auth/login", small, { origin: "https://otro-sitio.example" })),
      ...Array.from({ length: 20 }, () =>
        post("/api/auth/login", JSON.stringify({ email: "a@example.com", password: "x".repeat(200_000) })),
      ),
      ...Array.from({ length: 10 }, () => post("/api/auth/login", streamed())),
    ]);
    expect(tally(answers)).toEqual({ byStatus: { 401: 60, 403: 20, 413: 30 }, notJson: 0 });
  });
});
