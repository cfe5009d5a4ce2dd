/**
 * The ZIP writer behind 'Descargar mis datos', against workerd's real R2 multipart uploads: parts cut at exactly
 * PART_BYTES (R2 refuses smaller ones but the last, and parts of different sizes), photos streamed from R2 in
 * chunks, at most about one part held at a time, and an archive any unzip opens byte for byte.
 */
import { env } from "cloudflare:workers";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { PART_BYTES, ZipToR2 } from "../../worker/lib/zip-to-r2";

/** An R2 upload that reports each part's size as it passes. */
async function watchedUpload(key: string) {
  const upload = await env.DATA.createMultipartUpload(key, { httpMetadata: { contentType: "application/zip" } });
  const sizes: number[] = [];
  const watched = {
    key: upload.key,
    uploadId: upload.uploadId,
    async uploadPart(n: number, body: Uint8Array) {
      sizes.push(body.byteLength);
      return upload.uploadPart(n, body);
    },
    abort: () => upload.abort(),
    complete: (parts: R2UploadedPart[]) => upload.complete(parts),
  } as unknown as R2MultipartUpload;
  return { upload: watched, sizes };
}

const photo = (bytes: number, seed: number) => new Uint8Array(bytes).map((_, i) => (i * seed + (i >> 9)) & 255);

describe("ZipToR2", () => {
  it("writes 13 MiB of photos as 5 MiB parts and a last short one, holding about one part at a time", async () => {
    const key = `exports-test/${crypto.randomUUID()}.zip`;
    const photos = [photo(4 * 1024 * 1024 + 3, 7), photo(4 * 1024 * 1024, 13), photo(5 * 1024 * 1024 - 1, 29)];
    for (const [i, bytes] of photos.entries()) await env.IMAGES.put(`${key}/${i}.jpg`, bytes);
    const { upload, sizes } = await watchedUpload(key);
    const zip = new ZipToR2(upload);
    await zip.addText("productos.csv", ["\ufeffNombre;Precio\r\n", "Remera lisa blanca;12.500\r\n".repeat(5000)]);
    for (const i of photos.keys()) await zip.addStream(`fotos/K7P${i} Remera ñandú.jpg`, (await env.IMAGES.get(`${key}/${i}.jpg`))!.body);
    const bytes = await zip.finish();

    expect(sizes.length).toBe(3);
    expect(sizes.slice(0, -1)).toEqual([PART_BYTES, PART_BYTES]);
    expect(sizes.at(-1)!).toBeLessThan(PART_BYTES);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(bytes);
    // The part being filled and the part being sent, never the archive (13 MiB).
    expect(zip.peakHeld).toBeLessThanOrEqual(2 * PART_BYTES);

    const stored = await env.DATA.get(key);
    expect(stored!.size).toBe(bytes);
    expect(stored!.httpMetadata?.contentType).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await stored!.arrayBuffer()));
    expect(Object.keys(files)).toEqual([
      "productos.csv",
      "fotos/K7P0 Remera ñandú.jpg",
      "fotos/K7P1 Remera ñandú.jpg",
      "fotos/K7P2 Remera ñandú.jpg",
    ]);
    for (const [i, bytes] of photos.entries()) {
      const got = files[`fotos/K7P${i} Remera ñandú.jpg`]!;
      expect(got.length).toBe(bytes.length);
      expect(got.every((b, j) => b === bytes[j])).toBe(true);
    }
    expect(new TextDecoder().decode(files["productos.csv"]).split("\r\n")).toHaveLength(5002);
  });

  it("writes an archive of a few bytes as one short part", async () => {
    const key = `exports-test/${crypto.randomUUID()}.zip`;
    const { upload, sizes } = await watchedUpload(key);
    const zip = new ZipToR2(upload);
    await zip.addText("creditos.csv", ["\ufeffFecha (UTC);Movimiento;Créditos;Saldo después\r\n"]);
    const bytes = await zip.finish();
    expect(sizes).toEqual([bytes]);
    const files = unzipSync(new Uint8Array(await (await env.DATA.get(key))!.arrayBuffer()));
    expect(new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(files["creditos.csv"])).toBe(
      "\ufeffFecha (UTC);Movimiento;Créditos;Saldo después\r\n",
    );
  });

  it("leaves nothing in the bucket when aborted after parts went up", async () => {
    const key = `exports-test/${crypto.randomUUID()}.zip`;
    await env.IMAGES.put(`${key}/big.jpg`, photo(6 * 1024 * 1024, 3));
    const { upload, sizes } = await watchedUpload(key);
    const zip = new ZipToR2(upload);
    await zip.addStream("fotos/grande.jpg", (await env.IMAGES.get(`${key}/big.jpg`))!.body);
    expect(sizes).toEqual([PART_BYTES]);
    await zip.abort();
    expect(await env.DATA.head(key)).toBeNull();
    await expect(upload.complete([])).rejects.toThrow();
  });
});
