import type source from "./es";

export default {
  noStoreTitle: "Você ainda não tem uma loja configurada",
  noStoreCreate: "Criar minha loja",
  loading: "Carregando…",
  retry: "Tentar de novo",
} satisfies Record<keyof typeof source, string>;
