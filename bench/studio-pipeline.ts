/**
 * Time and memory of the studio image pipeline inside workerd, the runtime it ships in: builds a small
 * Worker around StudioProvider with the same Vite + Cloudflare plugin as the app, serves it with
 * `vite preview`, and renders a 1200×1600 photo (or the size given: `npm run bench:studio -- 4032x3024`)
 * a bounded number of times.
 *
 * Time is measured from Node around each request (workerd freezes its clocks while code runs, so the
 * Worker cannot time itself); the HTTP hop on loopback adds about a millisecond. Memory is the workerd
 * process's resident set (Linux /proc): its size before the first render, and its peak afterwards.
 */
import { join } from "node:path";
import { providersDir, withScratchWorker } from "../scripts/scratch-worker.ts";
import { iterations, recordRow } from "./results.ts";
import { memoryMiB, percentile, samplePhotoJpeg, workerdPid } from "./sample-photo.ts";

const RUNS = iterations(10, 3);
const [photoWidth, photoHeight] = (process.argv[2] ?? "1200x1600").split("x").map(Number);
const PHOTO = { width: photoWidth!, height: photoHeight! };

// The photo is made here, in Node, so the Worker's memory holds nothing but the pipeline's work.
const photo = await samplePhotoJpeg(PHOTO.width, PHOTO.height);
const entry = `import { StudioProvider } from ${JSON.stringify(join(providersDir, "studio.ts"))};

export default {
  async fetch(request: Request) {
    if (request.method !== "POST") return new Response("ok");
    const quality = new URL(request.url).searchParams.get("quality") === "pro" ? "pro" : "standard";
    const bytes = new Uint8Array(await request.arrayBuffer());
    const result = await new StudioProvider().generate({
      kind: "ad", includeModel: true, quality, seed: 1, source: { bytes, mimeType: "image/jpeg" },
    });
    return new Response(result.bytes, { headers: { "content-type": result.mimeType } });
  },
};
`;

await withScratchWorker("studio-bench", entry, async (base) => {
  // workerd starts with the first request.
  await (await fetch(`${base}/ping`)).text();
  const pid = workerdPid();
  const idle = memoryMiB(pid, "VmRSS");
  console.log(`studio pipeline, ${PHOTO.width}×${PHOTO.height} JPEG photo, inside workerd (vite preview of a production build)`);
  let afterFirst = 0;
  const figures: string[] = [];
  for (const quality of ["standard", "pro"]) {
    const times: number[] = [];
    let outputBytes = 0;
    for (let run = 0; run <= RUNS; run++) {
      const started = performance.now();
      const response = await fetch(`${base}/?quality=${quality}`, { method: "POST", body: photo });
      if (!response.ok) throw new Error(`render failed: ${response.status} ${await response.text()}`);
      outputBytes = (await response.arrayBuffer()).byteLength;
      // A first run starts the codecs or grows their memory to the new size; it is reported apart.
      if (run === 0) console.log(`  ${quality}: first run ${(performance.now() - started).toFixed(0)} ms`);
      else times.push(performance.now() - started);
      afterFirst ||= memoryMiB(pid, "VmHWM");
    }
    times.sort((a, b) => a - b);
    figures.push(`${quality} p50 ${percentile(times, 50).toFixed(0)} ms / p95 ${percentile(times, 95).toFixed(0)} ms`);
    console.log(
      `  ${quality}: p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms over ${RUNS} runs; ` +
        `photo ${(photo.length / 1024).toFixed(0)} KiB -> JPEG ${(outputBytes / 1024).toFixed(0)} KiB`,
    );
  }
  const peak = memoryMiB(pid, "VmHWM");
  const growth = (mib: number) => `${mib.toFixed(0)} MiB (+${(mib - idle).toFixed(0)} MiB)`;
  console.log(`  workerd resident memory: ${idle.toFixed(0)} MiB idle before the first render`);
  console.log(`    peak after the first render (codecs started, no garbage collected yet): ${growth(afterFirst)}`);
  console.log(`    peak over all ${2 * (RUNS + 1)} renders: ${growth(peak)} (local workerd collects garbage lazily)`);
  recordRow({
    row: "studio:time",
    what: `Studio pipeline, ${PHOTO.width}×${PHOTO.height} photo, inside workerd`,
    figure: `${figures.join("; ")} (${RUNS} runs each)`,
    budget: "",
    over: false,
    how: "npm run bench:studio",
  });
  recordRow({
    row: "studio:memory",
    what: "Studio pipeline memory (workerd resident growth for the first render)",
    figure: `+${(afterFirst - idle).toFixed(0)} MiB`,
    budget: "under the 128 MB isolate limit",
    over: afterFirst - idle >= 128,
    how: "npm run bench:studio",
  });
});
