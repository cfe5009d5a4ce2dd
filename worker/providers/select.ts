import type { Bindings } from "../env";
import type { ImageProvider } from "./types";

type ProviderFactory = (env: Bindings) => ImageProvider | Promise<ImageProvider>;

let testOverride: ProviderFactory | undefined;

/**
 * Lets fault tests swap in a provider that hangs or fails, inside the same
 * isolate as the Durable Object. Nothing in the app calls it.
 */
export function overrideProviderForTests(factory: ProviderFactory | undefined) {
  testOverride = factory;
}

/**
 * The provider chosen by IMAGE_PROVIDER (default: the offline studio
 * pipeline). Adapters load lazily so the unused ones cost nothing at start-up.
 * A missing key throws: the job fails and refunds with a clear message.
 */
export async function imageProvider(env: Bindings): Promise<ImageProvider> {
  if (testOverride) return testOverride(env);
  const name = env.IMAGE_PROVIDER ?? "studio";
  switch (name) {
    default:
      throw new Error(`unknown or unconfigured IMAGE_PROVIDER ${name}`);
  }
}
