import type source from "./es";

export default {
  noStoreTitle: "You haven't set up a store yet",
  noStoreCreate: "Create my store",
  loading: "Loading…",
  retry: "Try again",
} satisfies Record<keyof typeof source, string>;
