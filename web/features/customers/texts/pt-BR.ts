import type source from "./es";

export default {
  loadFailed: "Não foi possível carregar seus clientes.",
  noPurchases: "Nenhuma compra ainda",
  forgetFailed: "Não foi possível apagar os dados.",
  forgotten: "Apagamos os dados de {name} dos seus pedidos.",
  backToOrders: "← Voltar para Pedidos",
  title: "Clientes",
  intro: "Quem comprou na sua loja, do mais recente ao mais antigo, com o que comprou.",
  searchLabel: "Buscar por nome ou WhatsApp",
  searchPlaceholder: "Nome ou número",
  loading: "Carregando clientes…",
  retry: "Tentar de novo",
  emptyTitle: "Você ainda não tem clientes",
  emptyHint: "Quando alguém enviar um pedido pela sua loja, ele aparece aqui.",
  noMatch: "Nenhum cliente corresponde a «{query}».",
  ordersAndSpent: "{count, plural, one {# pedido} other {# pedidos}} · Comprou: {spent}",
  lastOrder: "Último pedido #{code} em {date}",
  writeWhatsapp: "Escrever pelo WhatsApp",
  writeTo: " para {name} (abre em outra aba)",
  forget: "Apagar os dados",
  forgetTitle: "Apagar os dados de {name}?",
  forgetBody:
    "Faça isso quando o cliente pedir. Apagamos o nome, o WhatsApp, o endereço e as observações de todos os pedidos dele; os pedidos ficam, sem os dados, para as suas contas. Não dá para desfazer.",
  openOrders:
    "Tem {count, plural, one {um pedido em andamento} other {# pedidos em andamento}}: entregue ou cancele antes, assim você não perde o endereço.",
  back: "Voltar",
} satisfies Record<keyof typeof source, string>;
