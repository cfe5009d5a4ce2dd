// The shared components' texts, Spanish (the source). Other languages: ./pt-BR.ts, ./en.ts.
export default {
  noStoreTitle: "No tienes una tienda configurada",
  noStoreCreate: "Crear mi tienda",
  loading: "Cargando…",
  retry: "Reintentar",
};
