// A catalogue compiled at build time by scripts/lingui-catalogues-plugin.ts.
declare module "*?lingui" {
  import type { Messages } from "@lingui/core";
  const messages: Messages;
  export default messages;
}
