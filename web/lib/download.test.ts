import { afterEach, describe, expect, it, vi } from "vitest";
import {
  downloadError,
  downloadFailed,
  downloadFailureMessage,
  downloadImage,
  extensionOf,
  fileSegment,
  generatedBaseName,
  withCacheBuster,
} from "./download";

describe("image downloads", () => {
  it("names files generated_{name}_{time}", () => {
    expect(generatedBaseName("Remera azul", 1732190000000)).toBe("generated_Remera_azul_1732190000000");
  });

  it("keeps product names readable but file-system safe", () => {
    expect(fileSegment("Camisón Niña (XL)/2")).toBe("Camison_Nina_XL_2");
    expect(fileSegment("  ")).toBe("imagen");
    expect(fileSegment("a".repeat(100))).toHaveLength(60);
  });

  it("keeps the image's real extension: the response type first, then the URL", () => {
    expect(extensionOf("image/jpeg", "/img/g/x.png")).toBe("jpg");
    expect(extensionOf("image/webp; charset=binary", "/img/g/x")).toBe("webp");
    expect(extensionOf("", "/img/g/abc.jpeg?t=1")).toBe("jpg");
    expect(extensionOf(null, "/img/g/abc.png")).toBe("png");
    expect(extensionOf("application/octet-stream", "/img/g/abc")).toBe("png");
  });

  it("adds a cache-busting timestamp, also to URLs that already have a query", () => {
    expect(withCacheBuster("/img/g/a.jpg", 5)).toBe("/img/g/a.jpg?t=5");
    expect(withCacheBuster("/img/g/a.jpg?v=1", 5)).toBe("/img/g/a.jpg?v=1&t=5");
  });
});

describe("a failed download says why (spec section 8)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("the server refused the image: 'No se pudo descargar la imagen.'", async () => {
    vi.stubGlobal("fetch", async () => new Response("gone", { status: 404 }));
    const err = await downloadImage("/img/g/a.jpg", "x").catch((e: unknown) => e);
    expect(downloadFailureMessage(err)).toBe(downloadFailed());
  });

  it("the download never arrived (no connection): 'Error al descargar la imagen.'", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    const err = await downloadImage("/img/g/a.jpg", "x").catch((e: unknown) => e);
    expect(downloadFailureMessage(err)).toBe(downloadError());
    expect(downloadError()).toBe("Error al descargar la imagen.");
  });
});
