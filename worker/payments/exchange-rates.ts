import type { Bindings } from "../env";

/** Refreshes the stored exchange rates from the configured source (scheduled). */
export async function refreshExchangeRates(_env: Bindings): Promise<void> {}
