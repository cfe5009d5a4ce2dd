import type { D1Migration } from "cloudflare:test";
import type { Bindings } from "../../worker/env";

declare global {
  namespace Cloudflare {
    interface Env extends Bindings {
      TEST_MIGRATIONS: D1Migration[];
      /** The second shop database the Worker tests bind (vitest.config.ts): shard 1. */
      SHOP_DB_1: D1Database;
    }
    interface GlobalProps {
      mainModule: typeof import("../../worker/index");
    }
  }
}
