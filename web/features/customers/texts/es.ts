// The customers screen's texts, Spanish (the source). Other languages: ./pt-BR.ts, ./en.ts.
export default {
  loadFailed: "No se pudieron cargar tus clientes.",
  noPurchases: "Sin compras todavía",
  forgetFailed: "No se pudieron borrar sus datos.",
  forgotten: "Borramos los datos de {name} de tus pedidos.",
  backToOrders: "← Volver a Pedidos",
  title: "Clientes",
  intro: "Quienes te compraron por tu tienda, del más reciente al más antiguo, con lo que compraron.",
  searchLabel: "Buscar por nombre o WhatsApp",
  searchPlaceholder: "Nombre o número",
  loading: "Cargando clientes…",
  retry: "Reintentar",
  emptyTitle: "Todavía no tienes clientes",
  emptyHint: "Cuando alguien te envíe un pedido desde tu tienda, aparece aquí.",
  noMatch: "Ningún cliente coincide con «{query}».",
  ordersAndSpent: "{count, plural, one {# pedido} other {# pedidos}} · Compró: {spent}",
  lastOrder: "Último pedido #{code} el {date}",
  writeWhatsapp: "Escribir por WhatsApp",
  writeTo: " a {name} (se abre en otra pestaña)",
  forget: "Borrar sus datos",
  forgetTitle: "¿Borrar los datos de {name}?",
  forgetBody:
    "Hazlo cuando tu cliente te lo pida. Borramos su nombre, su WhatsApp, su dirección y sus notas de todos sus pedidos; los pedidos quedan, sin sus datos, para tus cuentas. No se puede deshacer.",
  openOrders:
    "Tiene {count, plural, one {un pedido en curso} other {# pedidos en curso}}: entrégalos o cancélalos antes, así no pierdes su dirección.",
  back: "Volver",
};
