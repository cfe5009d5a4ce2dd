import { defineConfig } from "drizzle-kit";

// drizzle-kit only writes SQL here; wrangler applies it (locally and remotely).
export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/db/schema.ts",
  out: "./migrations",
});
