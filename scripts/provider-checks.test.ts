import { describe, expect, it } from "vitest";
import { checkProviderSettings } from "./provider-checks.ts";

describe("check:deploy and check:providers refuse a shut-down model", () => {
  it("fails on Nano Banana 2's shut-down id and names Nano Banana 2.1", () => {
    const report = checkProviderSettings(
      { IMAGE_PROVIDER: "gemini", GEMINI_API_KEY: "k", GEMINI_MODEL: "gemini-3.1-flash-image" },
      new Date("2026-11-27"),
    );
    expect(report.errors).toEqual(["GEMINI_MODEL=gemini-3.1-flash-image was shut down on 2026-10-29; use gemini-nano-banana-2.1 instead."]);
  });

  it("passes the current ids and the defaults", () => {
    const today = new Date("2026-11-27");
    expect(checkProviderSettings({ IMAGE_PROVIDER: "gemini", GEMINI_API_KEY: "k" }, today).errors).toEqual([]);
    expect(
      checkProviderSettings({ IMAGE_PROVIDER: "gemini", GEMINI_API_KEY: "k", GEMINI_MODEL: "gemini-nano-banana-2.1" }, today).errors,
    ).toEqual([]);
  });
});
