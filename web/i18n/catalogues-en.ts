// Every folder's English catalogue, compiled: one chunk, loaded only for a seller who reads English.
import type { Messages } from "@lingui/core";
import en from "../../common/i18n/seller-messages/en";
import { merged } from "./merge";
import { withSellerMessages } from "./seller-message";

// With the Worker's seller messages, for what a screen computes from common/ (./seller-message.ts).
export const messages = {
  ...withSellerMessages(en),
  ...merged(
    import.meta.glob<Messages>(["../features/*/texts/en.ts", "../ui/texts/en.ts", "../lib/texts/en.ts"], {
      query: "?lingui",
      import: "default",
      eager: true,
    }),
  ),
};
