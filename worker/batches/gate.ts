import { ProviderGateBase } from "../jobs/provider-gate";
import { startBatchItem } from "./start-item";

/** The deployed provider gate (wrangler.toml `ProviderGate`): the gate's rules, with a batch picture begun by the batch code. */
export class ProviderGate extends ProviderGateBase {
  protected beginPicture(item: string) {
    return startBatchItem(this.env, item);
  }
}
