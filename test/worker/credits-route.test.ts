import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Browser } from "./browser";
import { creditsOf, ledgerKeys, newSeller, paidMiTienda } from "./payments-fakes";

/** POST /api/credits/auto-charge: the store plan paid with 500 credits, once. */

async function autoCharge(browser: Browser) {
  const response = await browser.request("/api/credits/auto-charge", { method: "POST" });
  return {
    status: response.status,
    body: (await response.json()) as {
      message?: string;
      error?: string;
      charged?: boolean;
      user?: { credits: number; paidMiTienda: boolean };
    },
  };
}

describe("automatic charge", () => {
  it("spends 500 credits through the ledger and activates the store plan with its date", async () => {
    const { browser, userId } = await newSeller();
    const before = Date.now();
    const answer = await autoCharge(browser);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ message: "Se descontaron 500 créditos.", charged: true, user: { credits: 0, paidMiTienda: true } });
    expect(await creditsOf(userId)).toBe(0);
    expect(await ledgerKeys(userId)).toEqual([`signup:${userId}`, `store_plan:${userId}`]);
    const paid = await paidMiTienda(userId);
    expect(paid!.paid).toBe(1);
    expect(paid!.date).toBeGreaterThanOrEqual(before - 1000);
  });

  it("reloading never charges twice, even when the first charge is still running", async () => {
    const { browser, userId } = await newSeller();
    await env.DB.prepare("UPDATE users SET credits = 1500 WHERE id = ?").bind(userId).run();
    const answers = await Promise.all(Array.from({ length: 5 }, () => autoCharge(browser)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.charged)).toHaveLength(1);
    expect(answers.filter((a) => !a.body.charged).map((a) => a.body.message)).toEqual(
      Array(4).fill("Tu Tienda ya está activa: no se descontaron créditos."),
    );
    expect(await creditsOf(userId)).toBe(1000);

    const reload = await autoCharge(browser);
    expect(reload.body).toMatchObject({ charged: false, message: "Tu Tienda ya está activa: no se descontaron créditos." });
    expect(await creditsOf(userId)).toBe(1000);
  });

  it("not enough credits is a clear Spanish 402 and changes nothing", async () => {
    const { browser, userId } = await newSeller();
    await env.DB.prepare("UPDATE users SET credits = 450 WHERE id = ?").bind(userId).run();
    const answer = await autoCharge(browser);
    expect(answer.status).toBe(402);
    expect(answer.body.error).toBe("No tienes imágenes suficientes: activar tu Tienda cuesta 10 imágenes y tienes 9 imágenes.");
    expect(await creditsOf(userId)).toBe(450);
    expect((await paidMiTienda(userId))!.paid).toBe(0);
    expect(await ledgerKeys(userId)).toEqual([`signup:${userId}`]);
  });

  it("a store already paid with money is not charged", async () => {
    const { browser, userId } = await newSeller();
    await env.DB.prepare("UPDATE users SET paid_mi_tienda = 1, paid_mi_tienda_date = ? WHERE id = ?").bind(Date.now(), userId).run();
    const answer = await autoCharge(browser);
    expect(answer.body).toMatchObject({ charged: false, user: { credits: 500 } });
    expect(await creditsOf(userId)).toBe(500);
  });

  it("needs a signed-in seller", async () => {
    const answer = await autoCharge(new Browser());
    expect(answer.status).toBe(401);
    expect(answer.body.error).toBe("Debes iniciar sesión para continuar.");
  });
});
