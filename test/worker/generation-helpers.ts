import type { Product } from "../../common/product";
import { overrideProviderForTests } from "../../worker/providers/select";
import type { GenerationRequest, ImageProvider } from "../../worker/providers/types";
import { Browser, register } from "./browser";
import { photoOfSize, photoForm } from "./fixtures";

/** A provider under the test's control; records what it was asked. Undo with overrideProviderForTests(undefined). */
export function provider(behaviour: (request: GenerationRequest, call: number, signal?: AbortSignal) => Promise<Uint8Array>) {
  const calls: GenerationRequest[] = [];
  const p: ImageProvider = {
    name: "test",
    async generate(request, signal) {
      calls.push(request);
      return { bytes: await behaviour(request, calls.length, signal), mimeType: "image/jpeg" };
    },
  };
  overrideProviderForTests(() => p);
  return calls;
}

/**
 * Bindings under which a generation route waits for its job's outcome (a state) instead of answering 202
 * after the tests' GENERATION_WAIT_MS of 2 s: for tests that generate with the real studio pipeline, whose
 * picture takes longer than that on a busy machine. The budget only bounds a stuck job.
 */
export const WAIT_FOR_OUTCOME = { GENERATION_WAIT_MS: "120000" } as const;

/** What the test provider answers: a tiny JPEG told apart by its tag. */
export const resultBytes = (tag: number) => photoOfSize("jpeg", 128, tag);

/** A newly signed-up seller with one product made from an uploaded photo. */
export async function sellerWithProduct() {
  const browser = new Browser();
  const { user } = await register(browser);
  const response = await browser.request("/api/products/upload-images", {
    method: "POST",
    body: photoForm([{ bytes: photoOfSize("jpeg", 256, 5), name: "remera.jpg" }]),
  });
  const product = ((await response.json()) as { products: Product[] }).products[0]!;
  return { browser, user, product };
}
