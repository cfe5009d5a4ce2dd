/** The tests' synthetic T-shirt photo as a JPEG, made in Node for the benches (no binary fixtures). */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import encodeJpeg, { init as initJpegEncoder } from "@jsquash/jpeg/encode.js";

const root = resolve(import.meta.dirname, "..");

export async function samplePhotoJpeg(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  // Loaded at run time: the module belongs to the Worker's TypeScript project, not the benches'.
  const { samplePhoto } = (await import(pathToFileURL(join(root, "worker/providers/studio-sample-photo.ts")).href)) as {
    samplePhoto(options: { width: number; height: number; garment: readonly number[]; grain: number }): ImageData;
  };
  const wasm = readFileSync(join(root, "node_modules/@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm"));
  await (initJpegEncoder as (compiled: WebAssembly.Module) => Promise<void>)(new WebAssembly.Module(wasm));
  // Grain makes it compress like a real photo.
  return new Uint8Array(await encodeJpeg(samplePhoto({ width, height, garment: [40, 90, 170], grain: 10 }), { quality: 90 }));
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
