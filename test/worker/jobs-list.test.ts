import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { JobSummary } from "../../common/jobs";
import type { Product } from "../../common/product";
import { overrideProviderForTests } from "../../worker/providers/select";
import { ProviderRefusal, type ImageProvider } from "../../worker/providers/types";
import { Browser, register } from "./browser";
import { photoOfSize, photoForm } from "./fixtures";

/** Each photo's generation follows its script: "refuse", "hold" (until released) or succeed. */
const script = new Map<number, "refuse" | "hold">();
let release: () => void = () => {};
const held = new Promise<void>((resolve) => (release = resolve));

const scripted: ImageProvider = {
  name: "test",
  async generate(request) {
    const tag = request.source.bytes.length;
    if (script.get(tag) === "refuse") throw new ProviderRefusal("El generador rechazó esta foto. Te devolvimos los créditos.");
    if (script.get(tag) === "hold") await held;
    return { bytes: photoOfSize("jpeg", 128, tag % 200), mimeType: "image/jpeg" };
  },
};

afterEach(() => overrideProviderForTests(undefined));

async function productOf(browser: Browser, name: string, size: number) {
  const response = await browser.request("/api/products/upload-images", {
    method: "POST",
    body: photoForm([{ bytes: photoOfSize("jpeg", size, size % 200), name: `${name}.jpg` }]),
  });
  const product = ((await response.json()) as { products: Product[] }).products[0]!;
  expect((await browser.json("PUT", "/api/products/update", { id: product.id, name })).status).toBe(200);
  // The provider tells the photos apart by their size.
  return { product, tag: size };
}

async function listJobs(browser: Browser) {
  const response = await browser.request("/api/jobs");
  expect(response.status).toBe(200);
  return ((await response.json()) as { jobs: JobSummary[] }).jobs;
}

describe("GET /api/jobs: what a closed tab never saw", () => {
  it("lists running and recently failed jobs with their product and message, never finished ones or another seller's", async () => {
    overrideProviderForTests(() => scripted);
    const seller = new Browser();
    await register(seller);
    const done = await productOf(seller, "Remera lista", 3000);
    const refused = await productOf(seller, "Buzo rechazado", 3100);
    const slow = await productOf(seller, "Campera lenta", 3200);
    script.set(refused.tag, "refuse");
    script.set(slow.tag, "hold");

    expect((await seller.json("POST", `/api/products/generate-ad/${done.product.id}`, { includeModel: true })).status).toBe(200);
    const refusal = await seller.json("POST", `/api/products/back-image/${refused.product.id}`, {});
    expect(refusal.status).toBe(422);
    // GENERATION_WAIT_MS is 2 s in tests: the held job answers 202 and keeps running.
    const pending = await seller.json("POST", `/api/products/outfit-image/${slow.product.id}`, {});
    expect(pending.status).toBe(202);
    const { jobId: runningId } = (await pending.json()) as { jobId: string };

    const jobs = await listJobs(seller);
    expect(jobs.map((job) => [job.status, job.kind, job.productName])).toEqual([
      ["running", "outfit", "Campera lenta"],
      ["failed", "back", "Buzo rechazado"],
    ]);
    expect(jobs[0]).toMatchObject({ id: runningId, error: null, finishedAt: null });
    expect(jobs[1]!.error).toBe("El generador rechazó esta foto. Te devolvimos los créditos.");
    expect(jobs[1]!.finishedAt).not.toBeNull();

    const other = new Browser();
    await register(other);
    expect(await listJobs(other)).toEqual([]);

    // The held job ends: it leaves the list, and so does a failure older than a day.
    release();
    const finished = await seller.request(`/api/jobs/${runningId}?wait=10`);
    expect(((await finished.json()) as { job: { status: string } }).job.status).toBe("succeeded");
    expect((await listJobs(seller)).map((job) => job.kind)).toEqual(["back"]);
    await env.DB.prepare("UPDATE generation_jobs SET created_at = created_at - 25 * 3600 * 1000 WHERE status = 'failed'").run();
    expect(await listJobs(seller)).toEqual([]);
  });

  it("asks for a session", async () => {
    const response = await new Browser().request("/api/jobs");
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: string }).error).toMatch(/sesión/i);
  });
});
