import { describe, expect, it } from "vitest";
import { BODY_TOO_LARGE } from "../../worker/lib/errors";
import { FOREIGN_ORIGIN } from "../../worker/lib/security";
import { NOT_SIGNED_IN } from "../../worker/lib/sessions";
import { ORIGIN, withBindings } from "./browser";

/**
 * A route that answers before reading the body (401, 403, 413, 404) still
 * reads it to the end before the answer goes out: workerd resets a connection
 * whose body was left unread, and the local servers then turn our JSON answer
 * into a 500 "fetch failed" (worker/lib/read-whole-body.ts).
 * e2e/early-answers.test.ts fires the same answers through vite preview.
 */

const app = withBindings({});

/** A body sent in chunks, counting how much of it was read; no length, like a streamed upload. */
function streamedBody(chunks: number, chunkBytes = 16 * 1024) {
  const sent = { chunks: 0, finished: false };
  const chunk = new TextEncoder().encode(`{"x":"${"a".repeat(chunkBytes)}",`.slice(0, chunkBytes));
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent.chunks === chunks) {
        sent.finished = true;
        controller.close();
        return;
      }
      sent.chunks++;
      controller.enqueue(chunk);
    },
  });
  return { body, sent };
}

function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return app(
    new Request(new URL(path, ORIGIN), {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN, ...headers },
      body,
    }),
  );
}

describe("early answers read the whole request body first", () => {
  it("401 without a session: the route never parses the body, yet all of it is read", async () => {
    const { body, sent } = streamedBody(64);
    const response = await post("/api/products/update", body);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: NOT_SIGNED_IN });
    expect(sent).toEqual({ chunks: 64, finished: true });
  });

  it("403 from another site and 404 for an unknown path", async () => {
    const foreign = streamedBody(20);
    const refused = await post("/api/auth/login", foreign.body, { origin: "https://evil.example" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: FOREIGN_ORIGIN });
    expect(foreign.sent.finished).toBe(true);

    const lost = streamedBody(20);
    const missing = await post("/api/no-such-thing", lost.body);
    expect(missing.status).toBe(404);
    expect(lost.sent.finished).toBe(true);
  });

  it("413 from a body limit that stopped half-way through a streamed body: the rest is read too", async () => {
    // /api/auth/login takes 16 KiB; hono's bodyLimit stops reading (and keeps its reader) past that.
    const { body, sent } = streamedBody(40);
    const response = await post("/api/auth/login", body);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: BODY_TOO_LARGE });
    expect(sent).toEqual({ chunks: 40, finished: true });
  });

  it("a route that reads the body still gets all of it, in parallel requests", async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const response = await post(
          "/api/auth/login",
          JSON.stringify({ email: `nadie-${i}@example.com`, password: "una-clave-cualquiera" }),
          { "cf-connecting-ip": `198.18.200.${i + 1}` },
        );
        return response.status;
      }),
    );
    // Parsed and checked: unknown accounts, not malformed bodies (400).
    expect(answers).toEqual(Array(8).fill(401));
  });
});
