import { describe, expect, it } from "vitest";
import { menuEntries } from "./menu-entries";

const labels = (username: string | null, layout: "desktop" | "mobile") => menuEntries({ username }, layout).map((e) => e.label);

describe("menu entries", () => {
  it("desktop: the store admin and its statistics only for a seller with a username", () => {
    expect(labels(null, "desktop")).toEqual(["Productos", "Imágenes", "Comprar imágenes", "Configuración"]);
    expect(labels("mitienda", "desktop")).toEqual([
      "Productos",
      "Imágenes",
      "Mi Tienda",
      "Pedidos",
      "Estadísticas",
      "Cupones",
      "Comprar imágenes",
      "Configuración",
    ]);
  });

  it("mobile: 'Comprar imágenes' only for a seller with a username", () => {
    expect(labels(null, "mobile")).toEqual(["Productos", "Imágenes", "Mi Tienda", "Configuración"]);
    expect(labels("mitienda", "mobile")).toEqual([
      "Productos",
      "Imágenes",
      "Mi Tienda",
      "Pedidos",
      "Estadísticas",
      "Cupones",
      "Comprar imágenes",
      "Configuración",
    ]);
  });

  it("every entry leads to its screen", () => {
    expect(menuEntries({ username: "x" }, "desktop").map((e) => e.to)).toEqual([
      "/home",
      "/images",
      "/mi-tienda-admin",
      "/pedidos",
      "/estadisticas",
      "/cupones",
      "/credits",
      "/settings",
    ]);
  });

  it("'Pedidos' shows only with a store, with the count of new orders as its badge", () => {
    expect(menuEntries({ username: null }, "mobile").some((e) => e.to === "/pedidos")).toBe(false);
    expect(menuEntries({ username: "x" }, "mobile").find((e) => e.to === "/pedidos")).toEqual({
      to: "/pedidos",
      label: "Pedidos",
      badge: "new-orders",
    });
  });
});
