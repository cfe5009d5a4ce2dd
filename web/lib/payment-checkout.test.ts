import { afterEach, describe, expect, it, vi } from "vitest";
import { findPack, STORE_PLAN } from "../../common/packs";
import { startSellerLanguage } from "../i18n/language";
import { openCheckout } from "./payment-checkout";

afterEach(() => vi.restoreAllMocks());

/** The Worker as the typed client reaches it: records each call, answers `reply`. */
function server(reply: () => Response) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    calls.push({ url: String(input), method: init?.method ?? "GET", body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return reply();
  });
  return calls;
}

describe("opening a checkout", () => {
  it("Argentina: create-preference with the list price as `credits`, answers init_point", async () => {
    const calls = server(() => Response.json({ paymentId: "p1", preference: { init_point: "https://mp.test/checkout" } }, { status: 201 }));
    await expect(openCheckout({ purpose: "store_plan", route: "mercadopago", prices: STORE_PLAN })).resolves.toBe(
      "https://mp.test/checkout",
    );
    expect(calls).toEqual([{ url: "/api/payments/create-preference", method: "POST", body: { purpose: "store_plan", credits: 2000 } }]);
  });

  it("elsewhere: create-dlocal-payment with the USD charge as `credits`, answers redirect_url", async () => {
    const calls = server(() => Response.json({ paymentId: "p2", redirect_url: "https://dlocalgo.test/go" }, { status: 201 }));
    const url = await openCheckout({ purpose: "credits", packId: "pack-1", route: "dlocalgo", prices: findPack("pack-1")! });
    expect(url).toBe("https://dlocalgo.test/go");
    expect(calls[0]).toEqual({
      url: "/api/payments/create-dlocal-payment",
      method: "POST",
      body: { purpose: "credits", packId: "pack-1", credits: 0.13 },
    });
  });

  it("failures read as the spec says", async () => {
    const order = { purpose: "credits" as const, packId: "pack-10", route: "mercadopago" as const, prices: findPack("pack-10")! };
    server(() => Response.json({ error: "Error al crear la preferencia de pago (500)" }, { status: 502 }));
    await expect(openCheckout(order)).rejects.toThrow("Error al crear la preferencia de pago (500)");
    vi.restoreAllMocks();
    server(() => new Response("<h1>Bad gateway</h1>", { status: 502 }));
    await expect(openCheckout(order)).rejects.toThrow("Error al crear la preferencia de pago (502)");
    vi.restoreAllMocks();
    server(() => Response.json({ paymentId: "p3", preference: {} }, { status: 201 }));
    await expect(openCheckout(order)).rejects.toThrow("No se recibió la URL de pago de Mercado Pago.");
    vi.restoreAllMocks();
    server(() => Response.json({ paymentId: "p4" }, { status: 201 }));
    await expect(openCheckout({ ...order, route: "dlocalgo" })).rejects.toThrow("No se recibió la URL de pago de dLocal Go.");
    vi.restoreAllMocks();
    server(() => Response.json({ error: "Debes iniciar sesión para continuar." }, { status: 401 }));
    await expect(openCheckout(order)).rejects.toThrow("Debes iniciar sesión para comprar créditos.");
    await expect(openCheckout({ purpose: "store_plan", route: "mercadopago", prices: STORE_PLAN })).rejects.toThrow(
      "Debes iniciar sesión para continuar.",
    );
  });

  it("fails in the seller's language when the failure is the app's own, the provider's name as it is", async () => {
    vi.stubGlobal("document", { documentElement: { lang: "" } });
    await startSellerLanguage("pt-BR");
    try {
      const order = { purpose: "credits" as const, packId: "pack-10", route: "mercadopago" as const, prices: findPack("pack-10")! };
      server(() => new Response("<h1>Bad gateway</h1>", { status: 502 }));
      await expect(openCheckout(order)).rejects.toThrow("Erro ao abrir o pagamento (502)");
      vi.restoreAllMocks();
      server(() => Response.json({ paymentId: "p3", preference: {} }, { status: 201 }));
      await expect(openCheckout(order)).rejects.toThrow("Não recebemos o link de pagamento do Mercado Pago.");
      vi.restoreAllMocks();
      // The server's own reason arrives already in the seller's language and is shown as it came.
      server(() => Response.json({ error: "Você precisa entrar para continuar." }, { status: 401 }));
      await expect(openCheckout({ purpose: "store_plan", route: "mercadopago", prices: STORE_PLAN })).rejects.toThrow(
        "Você precisa entrar para continuar.",
      );
      await expect(openCheckout(order)).rejects.toThrow("Você precisa entrar na sua conta para comprar créditos.");
    } finally {
      await startSellerLanguage("es");
      vi.unstubAllGlobals();
    }
  });
});
