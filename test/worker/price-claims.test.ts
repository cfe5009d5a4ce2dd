import { describe, expect, it } from "vitest";
import { PACKS, PACKS_RESTRICTED_IN, STORE_PLAN } from "../../common/packs";
import type { PriceClaims } from "../../common/price-claims";
import { env } from "cloudflare:workers";
import { Browser } from "./browser";
import { newSeller, paymentRow } from "./payments-fakes";
import { openStore } from "./store-helpers";

/**
 * Every price claim the screens make comes from GET /api/payments/prices for the visitor's
 * country, and each one is checked here against what a checkout from that country really
 * charges: a claim the server could not charge fails.
 */

async function claimsFor(country: string | null): Promise<PriceClaims> {
  const response = await new Browser().request("/api/payments/prices", { cf: country ? { country } : undefined } as RequestInit);
  expect(response.status).toBe(200);
  return (await response.json()) as PriceClaims;
}

/** Opens a checkout from `country` the way the screens do, and answers what the server recorded. */
async function charged(country: string, body: { packId?: string; purpose?: string }) {
  const { browser } = await newSeller();
  const path = country === "AR" ? "/api/payments/create-preference" : "/api/payments/create-dlocal-payment";
  const response = await browser.request(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    cf: { country },
  } as RequestInit);
  if (response.status !== 201) return { status: response.status, row: undefined };
  const { paymentId } = (await response.json()) as { paymentId: string };
  return { status: response.status, row: await paymentRow(paymentId) };
}

/** "US$ 0,088 por imagen" → 0.088; "$ 1.200" → 1200 (the claims write numbers as the country does). */
function amountIn(text: string, country: string | null): number {
  const number = /[\d.,]+/.exec(text)![0];
  const commaDecimal = country === "AR" || country === "CL" || country === "BR";
  return Number(commaDecimal ? number.replace(/\./g, "").replace(",", ".") : number.replace(/,/g, ""));
}

describe("price claims per country (GET /api/payments/prices)", () => {
  it("Argentina: every claim is in pesos from the list Mercado Pago charges, and no pack claims a saving", async () => {
    const claims = await claimsFor("AR");
    expect(claims.country).toBe("AR");
    expect(claims.fromPerImage).toBe("Desde $ 120 por imagen");
    expect(claims.packs.map((p) => p.savings)).toEqual([0, 0, 0, 0]);
    expect(claims.storePlan).toBe("$ 2.000");
    for (const pack of PACKS) {
      const { row } = await charged("AR", { packId: pack.id });
      expect(row!.currency).toBe("ARS");
      const claim = claims.packs.find((p) => p.id === pack.id)!;
      expect(amountIn(claim.price, "AR")).toBe(row!.amount);
      expect(amountIn(claim.perImage, "AR")).toBe(row!.amount / pack.images);
    }
    const plan = await charged("AR", { purpose: "store_plan" });
    expect(amountIn(claims.storePlan, "AR")).toBe(plan.row!.amount);
  });

  it("Chile: dollars as dLocal Go charges them, in Chile's way of writing numbers; the savings come from the charged 0.13", async () => {
    const claims = await claimsFor("CL");
    expect(claims.fromPerImage).toBe("Desde US$ 0,088 por imagen");
    expect(claims.packs.map((p) => [p.id, p.savings])).toEqual([
      ["pack-1", 0],
      ["pack-10", 4],
      ["pack-50", 32],
      // The same price per image as the 50 pack: never a second identical saving.
      ["pack-100", 0],
    ]);
    const single = await charged("CL", { packId: "pack-1" });
    expect(single.row).toMatchObject({ amount: 0.13, currency: "USD" });
    for (const pack of PACKS) {
      const { row } = await charged("CL", { packId: pack.id });
      const claim = claims.packs.find((p) => p.id === pack.id)!;
      expect(amountIn(claim.price, "CL")).toBe(row!.amount);
      const saving = Math.round((1 - row!.amount / pack.images / single.row!.amount) * 100);
      if (claim.savings > 0) expect(claim.savings).toBe(saving);
    }
    expect(claims.storePlan).toBe("US$ 2,00");
    expect((await charged("CL", { purpose: "store_plan" })).row).toMatchObject({ amount: STORE_PLAN.priceUSD, currency: "USD" });
  });

  it("where packs 50 and 100 are not sold, the 'desde' price is the cheapest pack sold there, and the unsold packs claim nothing", async () => {
    for (const country of ["MX", "PE", "UY"]) {
      expect(PACKS_RESTRICTED_IN).toContain(country);
      const claims = await claimsFor(country);
      expect(claims.fromPerImage, country).toMatch(/^Desde US\$ 0[.,]125 por imagen$/);
      expect(claims.packs.map((p) => [p.available, p.savings])).toEqual([
        [true, 0],
        [true, 4],
        [false, 0],
        [false, 0],
      ]);
    }
    // And the server refuses to sell them there, so the cheaper claim would have been false.
    expect((await charged("MX", { packId: "pack-50" })).status).toBe(400);
    const ten = await charged("MX", { packId: "pack-10" });
    expect(ten.row).toMatchObject({ amount: 1.25, currency: "USD" });
    expect(amountIn((await claimsFor("MX")).fromPerImage, "MX")).toBe(ten.row!.amount / 10);
  });

  it("an unknown country is priced in dollars, written the international way", async () => {
    const claims = await claimsFor(null);
    expect(claims.country).toBeNull();
    expect(claims.fromPerImage).toBe("Desde US$ 0.088 por imagen");
    expect(claims.packs.map((p) => p.price)).toEqual(["US$ 0.13", "US$ 1.25", "US$ 4.40", "US$ 8.80"]);
    expect(claims.currencyNote).toContain("dólares");
  });

  it("an Argentine seller the edge cannot place sees dollars written the Argentine way and an estimate in pesos at today's rate", async () => {
    const { browser } = await newSeller();
    await openStore(browser, { countryCode: "AR", phoneNumber: "+54 9 11 4000-3131" });
    const read = async () => {
      const response = await browser.request("/api/payments/prices");
      expect(response.status).toBe(200);
      return (await response.json()) as PriceClaims;
    };
    // The fixed table's 1320.473 pesos a dollar while no live rate is stored.
    let claims = await read();
    expect(claims.country).toBeNull();
    expect(claims.fromPerImage).toBe("Desde US$ 0,088 por imagen");
    expect(claims.packs.map((p) => [p.price, p.estimate, p.perImage])).toEqual([
      ["US$ 0,13", "$ 171,66", "US$ 0,13 por imagen"],
      ["US$ 1,25", "$ 1.650,59", "US$ 0,125 por imagen"],
      ["US$ 4,40", "$ 5.810,08", "US$ 0,088 por imagen"],
      ["US$ 8,80", "$ 11.620,16", "US$ 0,088 por imagen"],
    ]);
    // What it is charged is those dollars, through dLocal Go.
    const { paymentId } = (await (
      await browser.request("/api/payments/create-dlocal-payment", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ packId: "pack-10" }),
      })
    ).json()) as { paymentId: string };
    expect(await paymentRow(paymentId)).toMatchObject({ amount: 1.25, currency: "USD" });

    // A live rate, once stored, is the one estimated with.
    const before = await env.DB.prepare("SELECT value, updated_at FROM exchange_rates WHERE currency = 'ARS'").first();
    await env.DB.prepare(
      "INSERT INTO exchange_rates (currency, value, updated_at) VALUES ('ARS', 1400, ?) ON CONFLICT (currency) DO UPDATE SET value = 1400",
    )
      .bind(Date.now())
      .run();
    try {
      claims = await read();
      expect(claims.packs.find((p) => p.id === "pack-10")!.estimate).toBe("$ 1.750");
    } finally {
      if (before)
        await env.DB.prepare("UPDATE exchange_rates SET value = ?, updated_at = ? WHERE currency = 'ARS'")
          .bind(before.value, before.updated_at)
          .run();
      else await env.DB.prepare("DELETE FROM exchange_rates WHERE currency = 'ARS'").run();
    }
    // From Argentina itself the list in pesos is charged: nothing to estimate.
    const fromArgentina = (await (
      await browser.request("/api/payments/prices", { cf: { country: "AR" } } as RequestInit)
    ).json()) as PriceClaims;
    expect(fromArgentina.packs.map((p) => [p.price, p.estimate])).toEqual([
      ["$ 120", null],
      ["$ 1.200", null],
      ["$ 6.000", null],
      ["$ 12.000", null],
    ]);
  });

  it("the 100 pack says it saves what the 50 pack saves, never more, never nothing", async () => {
    const claims = await claimsFor("CL");
    expect(claims.packs.map((p) => p.savingsText)).toEqual([null, "Ahorras 4%", "Ahorras 32%", "Ahorras 32%, igual que 50 imágenes"]);
    expect((await claimsFor("AR")).packs.map((p) => p.savingsText)).toEqual([null, null, null, null]);
    expect((await claimsFor("MX")).packs.map((p) => p.savingsText)).toEqual([null, "Ahorras 4%", null, null]);
  });
});
