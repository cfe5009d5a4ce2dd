import { describe, expect, it } from "vitest";
import { markTutorialSeen, tutorialAdvance, tutorialSeen, tutorialSteps } from "./tutorial-steps";

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
}

describe("tutorial", () => {
  it("has four steps: 'Siguiente' until the last, then 'Entendido' closes and starts over", () => {
    expect(tutorialSteps()).toHaveLength(4);
    expect([0, 1, 2].map((s) => tutorialAdvance(s))).toEqual([
      { label: "Siguiente", next: 1, closes: false },
      { label: "Siguiente", next: 2, closes: false },
      { label: "Siguiente", next: 3, closes: false },
    ]);
    expect(tutorialAdvance(3)).toEqual({ label: "Entendido", next: 0, closes: true });
  });

  it("remembers that this browser has seen it", () => {
    const storage = memoryStorage();
    expect(tutorialSeen(storage)).toBe(false);
    markTutorialSeen(storage);
    expect(tutorialSeen(storage)).toBe(true);
  });

  it("with storage blocked it does not insist", () => {
    const blocked = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("SecurityError");
      },
    };
    expect(tutorialSeen(blocked)).toBe(true);
    expect(() => markTutorialSeen(blocked)).not.toThrow();
  });
});
