import { describe, expect, it } from "vitest";
import type { ClientResponse } from "hono/client";
import { ApiFailure, QUERY_TRIES, retryTransient, unwrap } from "./api";

function reply(status: number, body: unknown): Promise<ClientResponse<unknown, number, "json">> {
  return Promise.resolve(Response.json(body, { status }) as unknown as ClientResponse<unknown, number, "json">);
}

describe("unwrap", () => {
  it("returns the body of a successful answer", async () => {
    await expect(unwrap(reply(200, { user: { id: "a" } }), "x")).resolves.toEqual({ user: { id: "a" } });
  });

  it("throws the server's Spanish message with its status", async () => {
    const failure = unwrap(reply(409, { error: "Ya existe una cuenta con este email. Inicia sesión." }), "fallback");
    await expect(failure).rejects.toBeInstanceOf(ApiFailure);
    await expect(failure).rejects.toMatchObject({ status: 409, message: "Ya existe una cuenta con este email. Inicia sesión." });
  });

  it("keeps the rest of the error's body for the screen (a refused confirmation's shortages)", async () => {
    const shortages = [{ productId: "p1", name: "Remera", size: "S", asked: 1, left: 0, gone: false }];
    const failure = unwrap(reply(409, { error: "No hay stock suficiente para confirmar este pedido.", shortages }), "x");
    await expect(failure).rejects.toMatchObject({ status: 409, details: { shortages } });
  });

  it("falls back to the caller's message when the body has none", async () => {
    await expect(unwrap(reply(500, { nope: true }), "Error al actualizar producto")).rejects.toMatchObject({
      status: 500,
      message: "Error al actualizar producto",
    });
    const html = Promise.resolve(new Response("<h1>502</h1>", { status: 502 }) as unknown as ClientResponse<unknown, number, "json">);
    await expect(unwrap(html, "Error al eliminar producto")).rejects.toMatchObject({ message: "Error al eliminar producto" });
  });

  it("explains a network failure in Spanish", async () => {
    await expect(unwrap(Promise.reject(new TypeError("Failed to fetch")), "x")).rejects.toMatchObject({
      status: 0,
      message: "No hay conexión con el servidor. Revisa tu internet e intenta de nuevo.",
    });
  });
});

describe("retryTransient", () => {
  it("tries again after a lost connection or a server error, up to QUERY_TRIES in all", () => {
    for (const err of [
      new ApiFailure("sin conexión", 0),
      new ApiFailure("x", 500),
      new ApiFailure("x", 503),
      new TypeError("Failed to fetch"),
    ]) {
      expect(retryTransient(0, err)).toBe(true);
      expect(retryTransient(QUERY_TRIES - 2, err)).toBe(true);
      expect(retryTransient(QUERY_TRIES - 1, err)).toBe(false);
    }
  });

  it("never after a 4xx: the server's answer would only repeat", () => {
    for (const status of [400, 401, 403, 404, 409, 413, 429]) expect(retryTransient(0, new ApiFailure("x", status))).toBe(false);
  });
});
