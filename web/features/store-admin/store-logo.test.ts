import { describe, expect, it } from "vitest";
import { formatMegabytes, logoProblem } from "./store-logo";

describe("the store logo", () => {
  it("must be an image of at most 5 MB", () => {
    expect(logoProblem({ type: "image/png", size: 5 * 1024 * 1024 })).toBeNull();
    expect(logoProblem({ type: "image/jpeg", size: 5 * 1024 * 1024 + 1 })).toBe("La imagen debe ser menor a 5MB.");
    expect(logoProblem({ type: "image/jpeg", size: 6 * 1024 * 1024 })).toBe("La imagen debe ser menor a 5MB.");
    expect(logoProblem({ type: "application/pdf", size: 1000 })).toBe("Por favor selecciona un archivo de imagen válido.");
    expect(logoProblem({ type: "", size: 1000 })).toBe("Por favor selecciona un archivo de imagen válido.");
  });

  it("shows its size in MB", () => {
    expect(formatMegabytes(1.5 * 1024 * 1024)).toBe("1,50 MB");
    expect(formatMegabytes(300 * 1024)).toBe("0,29 MB");
  });
});
