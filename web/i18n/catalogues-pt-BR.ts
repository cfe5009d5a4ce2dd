// Every folder's Portuguese catalogue, compiled: one chunk, loaded only for a seller who reads Portuguese.
import type { Messages } from "@lingui/core";
import { merged } from "./merge";

export const messages = merged(
  import.meta.glob<Messages>(["../features/*/texts/pt-BR.ts", "../ui/texts/pt-BR.ts", "../lib/texts/pt-BR.ts"], {
    query: "?lingui",
    import: "default",
    eager: true,
  }),
);
