import { describe, expect, it } from "vitest";
import { type Customer, customerMatches } from "./customers";

const lucia: Customer = {
  key: "+54 91123456789",
  name: "Lucía Fernández",
  whatsapp: { digits: "5491123456789", label: "+54 9 11 2345-6789" },
  orders: 2,
  spent: [{ currency: "ARS", amount: 12500 }],
  lastOrderAt: "2026-11-28T12:00:00.000Z",
  lastOrderCode: "K7P2",
  openOrders: 1,
};

describe("the customer search", () => {
  it("finds a buyer by their name in any case and with or without accents", () => {
    for (const q of ["lucia", "LUCÍA", " fernandez ", "Lucía Fer", ""]) expect(customerMatches(lucia, q), q).toBe(true);
    expect(customerMatches(lucia, "Marcos")).toBe(false);
  });

  it("finds a buyer by part of their number as it is written, and not by two stray digits", () => {
    for (const q of ["2345-6789", "11 2345", "+54 9 11"]) expect(customerMatches(lucia, q), q).toBe(true);
    expect(customerMatches(lucia, "99")).toBe(false);
    expect(customerMatches({ ...lucia, whatsapp: null }, "2345")).toBe(false);
  });
});
