import { mainProvider } from "../../common/image-providers";
import type { Bindings } from "../env";
import { errorName, log } from "../lib/log";
import { ProviderTransientError } from "../providers/types";
import type { ReleaseOutcome } from "./gate-types";
import type { JobInput } from "./job-types";

/** How long one call may wait inside the gate before the job asks again (and looks at its own deadline). */
const ACQUIRE_WAIT_MS = 20_000;
const GATE_UNREACHABLE = "El generador de imágenes está saturado o no respondió a tiempo.";

export function gateStub(env: Bindings, provider: string) {
  return env.PROVIDER_GATES.get(env.PROVIDER_GATES.idFromName(provider));
}

/** What the gate learns from a call that failed: a 429 pauses the provider for everyone. */
function outcomeOf(err: unknown): ReleaseOutcome {
  if (err instanceof ProviderTransientError && err.rateLimited) return { rateLimited: true, retryAfterSeconds: err.retryAfterSeconds };
  return {};
}

/**
 * Runs one provider call inside a permit of that provider's gate
 * (provider-gate.ts). A seller waiting on screen asks as "interactive", a
 * batch picture as "retry" (its first permit was reserved when the gate
 * began it, and is handed over at once). When the provider has room this is
 * one call to the gate; the permit goes back without the job waiting for it.
 */
export async function throughGate<T>(
  env: Bindings,
  job: Pick<JobInput, "id" | "userId" | "provider" | "batchId">,
  work: () => Promise<T>,
  signal: AbortSignal,
): Promise<T> {
  const provider = job.provider ?? mainProvider(env);
  const gate = gateStub(env, provider);
  let permit: string | undefined;
  while (!permit) {
    signal.throwIfAborted();
    const answer = await gate
      .acquire({ provider, holder: job.id, seller: job.userId, priority: job.batchId ? "retry" : "interactive", waitMs: ACQUIRE_WAIT_MS })
      .catch((err: unknown) => {
        // The gate did not answer (an overloaded or restarting object): like a provider that did not, it passes.
        log("warn", "provider gate did not answer", { job: job.id, provider, error: errorName(err) });
        throw new ProviderTransientError(GATE_UNREACHABLE);
      });
    if ("permit" in answer) permit = answer.permit;
  }
  const release = (outcome: ReleaseOutcome) =>
    gate
      .release(permit, outcome)
      .catch((err) => log("warn", "gate permit not given back; its lease ends it", { job: job.id, error: errorName(err) }));
  if (signal.aborted) {
    void release({});
    signal.throwIfAborted();
  }
  let result: T;
  try {
    result = await work();
  } catch (err) {
    // Given back before the job asks again (a retry's acquire must not find this permit still held), and the
    // gate learns of a 429 before anyone else is let through.
    await release(outcomeOf(err));
    throw err;
  }
  // The image is what the seller waits for: the permit goes back without holding it up.
  void release({});
  return result;
}
