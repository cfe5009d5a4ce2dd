import { describe, expect, it } from "vitest";
import { CREDITS_PER_IMAGE, imagesFromCredits, imagesLabel, SIGNUP_CREDITS } from "./credits";

describe("credits shown as images", () => {
  it("50 credits are one image and the sign-up bonus is ten", () => {
    expect(CREDITS_PER_IMAGE).toBe(50);
    expect(imagesFromCredits(SIGNUP_CREDITS)).toBe(10);
    expect(imagesLabel(SIGNUP_CREDITS)).toBe("10 imágenes");
  });

  it("rounds down: a partial image cannot be generated", () => {
    expect(imagesFromCredits(99)).toBe(1);
    expect(imagesFromCredits(49)).toBe(0);
    expect(imagesLabel(49)).toBe("0 imágenes");
  });

  it("says 'imagen' in the singular", () => {
    expect(imagesLabel(50)).toBe("1 imagen");
    expect(imagesLabel(100)).toBe("2 imágenes");
  });
});
