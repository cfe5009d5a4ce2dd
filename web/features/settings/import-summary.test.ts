import { describe, expect, it } from "vitest";
import { importSummary } from "./import-summary";

describe("the catalogue import's summary", () => {
  it("says how many products are new and how many were updated instead of copied", () => {
    expect(importSummary({ created: 1, updated: 0 })).toBe("Importamos 1 producto nuevo, como borrador o publicado según el archivo.");
    expect(importSummary({ created: 0, updated: 12 })).toBe("Actualizamos 12 productos que ya tenías: ninguno se duplicó.");
    expect(importSummary({ created: 3, updated: 1 })).toBe("Importamos 3 productos nuevos y actualizamos 1 producto que ya tenías.");
  });
});
