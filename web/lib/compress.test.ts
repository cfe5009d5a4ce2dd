import { describe, expect, it } from "vitest";
import { compressImage, encodeUnderTarget, formatFileSize, JPEG_QUALITIES, jpegName, scaledSize } from "./compress";

describe("JPEG_QUALITIES", () => {
  it("starts at 0.9 and goes down by 0.1 to 0.3, exactly", () => {
    expect(JPEG_QUALITIES).toEqual([0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3]);
  });
});

describe("scaledSize", () => {
  it("caps the longest side at 1200 px and keeps the proportions", () => {
    expect(scaledSize(4000, 3000)).toEqual({ width: 1200, height: 900 });
    expect(scaledSize(3000, 4000)).toEqual({ width: 900, height: 1200 });
    expect(scaledSize(2400, 2400)).toEqual({ width: 1200, height: 1200 });
    expect(scaledSize(4032, 3024)).toEqual({ width: 1200, height: 900 });
  });

  it("never enlarges a small photo", () => {
    expect(scaledSize(800, 600)).toEqual({ width: 800, height: 600 });
    expect(scaledSize(1200, 10)).toEqual({ width: 1200, height: 10 });
  });

  it("keeps at least one pixel on a very thin image", () => {
    expect(scaledSize(10000, 2)).toEqual({ width: 1200, height: 1 });
  });

  it("takes another limit", () => {
    expect(scaledSize(1000, 500, 100)).toEqual({ width: 100, height: 50 });
  });
});

describe("encodeUnderTarget", () => {
  const bySize = (sizes: Record<number, number>) => {
    const tried: number[] = [];
    const encode = async (quality: number) => {
      tried.push(quality);
      return { size: sizes[quality]! };
    };
    return { encode, tried };
  };

  it("stops at the first quality whose result fits", async () => {
    const { encode, tried } = bySize({ 0.9: 3000, 0.8: 2000, 0.7: 900, 0.6: 100 });
    const out = await encodeUnderTarget(encode, 1000);
    expect(out).toEqual({ result: { size: 900 }, quality: 0.7, underTarget: true });
    expect(tried).toEqual([0.9, 0.8, 0.7]);
  });

  it("accepts a result exactly at the target", async () => {
    const { encode, tried } = bySize({ 0.9: 1000 });
    expect(await encodeUnderTarget(encode, 1000)).toMatchObject({ quality: 0.9, underTarget: true });
    expect(tried).toEqual([0.9]);
  });

  it("tries down to 0.3 and keeps the smallest try when none fits", async () => {
    const { encode, tried } = bySize({ 0.9: 9000, 0.8: 8000, 0.7: 7000, 0.6: 6000, 0.5: 5000, 0.4: 4100, 0.3: 4200 });
    const out = await encodeUnderTarget(encode, 1000);
    expect(tried).toEqual([0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3]);
    expect(out).toEqual({ result: { size: 4100 }, quality: 0.4, underTarget: false });
  });

  it("needs at least one quality", async () => {
    await expect(encodeUnderTarget(async () => ({ size: 1 }), 10, [])).rejects.toThrow();
  });
});

describe("compressImage", () => {
  it("passes files at or under the threshold through untouched", async () => {
    const small = new File([new Uint8Array(1024)], "remera.png", { type: "image/png" });
    const out = await compressImage(small, 1024);
    expect(out.compressed).toBe(false);
    expect(out.file).toBe(small);
  });

  it("keeps the original when the browser cannot decode it", async () => {
    // Node has no createImageBitmap: the same path as a format the browser cannot read.
    const big = new File([new Uint8Array(2048)], "remera.heic", { type: "image/heic" });
    const out = await compressImage(big, 1024);
    expect(out).toEqual({ file: big, compressed: false });
  });
});

describe("jpegName and formatFileSize", () => {
  it("renames to .jpg", () => {
    expect(jpegName("remera azul.png")).toBe("remera azul.jpg");
    expect(jpegName("foto.final.webp")).toBe("foto.final.jpg");
    expect(jpegName("sin-extension")).toBe("sin-extension.jpg");
    expect(jpegName(".png")).toBe("foto.jpg");
  });

  it("shows sizes the Argentine way", () => {
    expect(formatFileSize(500)).toBe("500 B");
    expect(formatFileSize(850 * 1024)).toBe("850 KB");
    expect(formatFileSize(1.44 * 1024 * 1024)).toBe("1,4 MB");
    expect(formatFileSize(3 * 1024 * 1024)).toBe("3 MB");
  });
});
