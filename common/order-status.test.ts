import { describe, expect, it } from "vitest";
import { moveProblem, nextStatuses, ORDER_STATUSES, statusPath } from "./order-status";

describe("the order's status machine", () => {
  it("walks nuevo → confirmado → pagado → enviado → entregado for a delivery", () => {
    const envio = (status: (typeof ORDER_STATUSES)[number]) => nextStatuses({ status, delivery: "envio" });
    expect(envio("nuevo")).toEqual(["confirmado", "cancelado"]);
    expect(envio("confirmado")).toEqual(["pagado", "enviado", "entregado", "cancelado"]);
    expect(envio("pagado")).toEqual(["enviado", "entregado", "cancelado"]);
    expect(envio("enviado")).toEqual(["entregado", "cancelado"]);
    expect(envio("entregado")).toEqual([]);
    expect(envio("cancelado")).toEqual([]);
  });

  it("offers 'listo para retirar' instead of 'enviado' for a pick-up, and both when the order never said", () => {
    expect(nextStatuses({ status: "pagado", delivery: "retiro" })).toEqual(["listo", "entregado", "cancelado"]);
    expect(nextStatuses({ status: "listo", delivery: "retiro" })).toEqual(["entregado", "cancelado"]);
    expect(nextStatuses({ status: "confirmado", delivery: null })).toEqual(["pagado", "enviado", "listo", "entregado", "cancelado"]);
  });

  it("refuses every other move with the reason", () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const allowed = nextStatuses({ status: from, delivery: "envio" }).includes(to);
        expect(moveProblem({ status: from, delivery: "envio" }, to) === null, `${from} → ${to}`).toBe(allowed);
      }
    }
    expect(moveProblem({ status: "nuevo", delivery: "envio" }, "pagado")).toBe("Un pedido nuevo no puede pasar a pagado.");
    expect(moveProblem({ status: "entregado", delivery: "envio" }, "cancelado")).toBe("Un pedido entregado no puede pasar a cancelado.");
    expect(moveProblem({ status: "pagado", delivery: "retiro" }, "enviado")).toBe(
      "Este pedido es para retirar en el local: márcalo «Listo para retirar».",
    );
    expect(moveProblem({ status: "confirmado", delivery: "envio" }, "listo")).toBe(
      "Este pedido es con envío a domicilio: márcalo «Enviado».",
    );
  });

  it("lays out the buyer's steps by how the order is delivered", () => {
    expect(statusPath("envio")).toEqual(["nuevo", "confirmado", "pagado", "enviado", "entregado"]);
    expect(statusPath("retiro")).toEqual(["nuevo", "confirmado", "pagado", "listo", "entregado"]);
  });
});
