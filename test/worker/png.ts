import encodePng, { init as initPng } from "@jsquash/png/encode";
import pngWasm from "@jsquash/png/codec/pkg/squoosh_png_bg.wasm?module";

let ready: Promise<unknown> | undefined;

/** A real PNG, as providers answer: `paint` gives each pixel's RGBA. */
export async function realPng(width: number, height: number, paint: (x: number, y: number) => [number, number, number, number]) {
  ready ??= (initPng as unknown as (m: WebAssembly.Module) => Promise<unknown>)(pngWasm);
  await ready;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(paint(x, y), (y * width + x) * 4);
  return new Uint8Array(await encodePng({ width, height, data, colorSpace: "srgb" } as Parameters<typeof encodePng>[0]));
}
