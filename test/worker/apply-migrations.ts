import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Each test file gets its own storage; this brings its D1 to the current schema.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
