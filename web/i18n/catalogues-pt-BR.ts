// Every folder's Portuguese catalogue, compiled: one chunk, loaded only for a seller who reads Portuguese.
import type { Messages } from "@lingui/core";
import ptBR from "../../common/i18n/seller-messages/pt-BR";
import { merged } from "./merge";
import { withSellerMessages } from "./seller-message";

// With the Worker's seller messages, for what a screen computes from common/ (./seller-message.ts).
export const messages = {
  ...withSellerMessages(ptBR),
  ...merged(
    import.meta.glob<Messages>(["../features/*/texts/pt-BR.ts", "../ui/texts/pt-BR.ts", "../lib/texts/pt-BR.ts"], {
      query: "?lingui",
      import: "default",
      eager: true,
    }),
  ),
};
