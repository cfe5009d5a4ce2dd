import { describe, expect, it } from "vitest";
import { shopText } from "../../../common/i18n";
import { ARS_MONEY } from "../../../common/store-money";
import type { WithdrawalRequest } from "../../../common/withdrawals";
import { withdrawalReplyUrl } from "./withdrawal-reply";

const request = (contact: string): WithdrawalRequest => ({
  id: "w1",
  code: "ARR-7K2P9Q",
  orderCode: "K7P2",
  orderFound: true,
  buyerName: "Lucía Fernández",
  contact,
  createdAt: "2026-11-28T12:00:00.000Z",
  answeredAt: null,
});

const shop = shopText("es-AR", ARS_MONEY);
const reply =
  "Hola, Lucía Fernández. Recibimos tu pedido de arrepentimiento ARR-7K2P9Q del pedido #K7P2 en Moda Sur. Te escribimos para coordinar la devolución, sin costo para ti.";

describe("the seller's answer to a withdrawal request", () => {
  it("opens the buyer's WhatsApp chat from a number as Argentines write it, with the reply in the store's language", () => {
    for (const contact of ["11 5555-1234", "+54 9 11 5555-1234", "011 15 5555-1234"]) {
      const { href, by } = withdrawalReplyUrl(request(contact), "Moda Sur", shop, "AR");
      expect(by).toBe("whatsapp");
      const url = new URL(href);
      expect(url.pathname, contact).toBe("/5491155551234");
      expect(url.searchParams.get("text")).toBe(reply);
    }
  });

  it("writes an e-mail to an address, and lets the seller pick the chat when the contact is neither", () => {
    const mail = withdrawalReplyUrl(request("lucia.f@example.com"), "Moda Sur", shop, "AR");
    expect(mail.by).toBe("email");
    expect(mail.href).toBe(`mailto:lucia.f%40example.com?subject=ARR-7K2P9Q&body=${encodeURIComponent(reply)}`);
    const unknown = withdrawalReplyUrl(request("la de la feria"), "Moda Sur", shop, "AR");
    expect(new URL(unknown.href).pathname).toBe("/");
    expect(new URL(unknown.href).searchParams.get("text")).toBe(reply);
  });

  it("answers in Portuguese for a store that sells in Portuguese", () => {
    const { href } = withdrawalReplyUrl(request("11 5555-1234"), "Loja", shopText("pt-BR", ARS_MONEY), "AR");
    expect(new URL(href).searchParams.get("text")).toMatch(/^Olá, Lucía Fernández\. Recebemos seu pedido de arrependimento ARR-7K2P9Q/);
  });
});
