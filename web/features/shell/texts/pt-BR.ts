import type source from "./es";

export default {
  skipToContent: "Pular para o conteúdo",
  openMenu: "Abrir menu",
  openMenuNewOrders: "Abrir menu ({count, plural, one {# pedido novo} other {# pedidos novos}})",
  balanceImages: "{count, plural, =0 {0 imagens} one {# imagem} other {# imagens}}",
  buyImages: "Comprar imagens",
  help: "Ajuda",

  menuMain: "Menu principal",
  menuDrawer: "Menu",
  closeMenu: "Fechar menu",
  newOrdersBadge: "{count, plural, one {pedido novo} other {pedidos novos}}",
  socialLinks: "Redes sociais",
  socialProfile: "Vidriera no {network} (abre em outra aba)",
  entryProducts: "Produtos",
  entryImages: "Imagens",
  entryStore: "Minha Loja",
  entryOrders: "Pedidos",
  entryStats: "Estatísticas",
  entryCoupons: "Cupons",
  entryBuyImages: "Comprar imagens",
  entrySettings: "Configurações",

  faqTitle: "Perguntas frequentes",
  faqCostQ: "Quanto custa cada foto?",
  faqCostA:
    "Cada imagem que você gera ou edita usa 1 imagem do seu saldo (a Qualidade Pro, 2). Você começa com 10 grátis e depois compra pacotes em “Comprar imagens”.",
  faqFailQ: "E se uma imagem ficar ruim ou falhar?",
  faqFailA: "Se a geração falhar, a imagem volta sozinha para o seu saldo. Se você não gostar, pode gerar de novo.",
  faqPublishQ: "Como faço meus clientes verem um produto?",
  faqPublishA: "Em “Definir preços”, coloque um preço e toque em “Publicar”. Sua loja só mostra os produtos publicados com preço.",
  faqOrdersQ: "Como recebo os pedidos?",
  faqOrdersA:
    "Seus clientes montam o carrinho e mandam o pedido com o código dele pelo WhatsApp. Você também vê os pedidos em “Pedidos”, onde pode responder.",
  faqFeesQ: "A loja cobra comissão?",
  faqFeesA:
    "Não. Você pode testar grátis; o Plano Minha Loja é um pagamento único de {price} que tira o aviso “Loja em modo de teste”. Tudo o que você vende é seu.",
  faqShareQ: "Como divulgo minha loja?",
  faqShareA: "Em “Minha Loja”: “Compartilhar no WhatsApp”, “Copiar para o Instagram” ou o QR code para imprimir.",
  helpMore: "Tem outra dúvida ou algum problema? Fale com a gente e respondemos o quanto antes.",
  helpMailSubject: "Ajuda com a Vidriera",
  helpMail: "Fale com a gente por e-mail",
  helpWhatsappMessage: "Olá, preciso de ajuda com a Vidriera.",
  helpWhatsapp: "Fale com a gente pelo WhatsApp",
  opensInNewTab: " (abre em outra aba)",
  helpNoChannel: "Este site ainda não tem um canal de contato: as perguntas acima respondem as dúvidas mais comuns.",
  helpFirstTime: "Primeira vez? Veja como funciona em quatro passos.",
  helpShowTutorial: "Ver tutorial",

  tutorialTitle: "Como usar a Vidriera",
  tutorialStep: "Passo {step} de {total}",
  close: "Fechar",
  tutorialNext: "Próximo",
  tutorialDone: "Entendi",
  tutorialUploadTitle: "Envie a foto do seu produto",
  tutorialUploadText:
    "Toque em “Adicionar produto” e escolha uma foto da galeria ou tire com a câmera. Uma foto simples feita com o celular já basta.",
  tutorialChooseTitle: "Escolha como você quer",
  tutorialChooseText:
    "Toque no seu produto e escolha vista de frente ou de costas, para quem é (Bebê, Menino, Menina ou Adulto) e se a peça vai sozinha ou em conjunto.",
  tutorialGenerateTitle: "Gere sua imagem",
  tutorialGenerateText:
    "Toque em “Gerar 1 imagem” e em segundos você tem sua foto de catálogo. Cada foto usa uma das suas imagens disponíveis.",
  tutorialSellTitle: "Baixe e venda",
  tutorialSellText:
    "Em “Imagens” ficam todas as suas fotos para baixar ou editar. Publique na sua loja virtual e receba pedidos pelo WhatsApp.",

  maintenanceTitle: "Site em manutenção",
  maintenanceText: "Estamos fazendo melhorias para a Vidriera funcionar melhor. Tente de novo em alguns minutos.",
  retry: "Tentar de novo",

  sessionFailed: "Não foi possível carregar sua sessão",

  notFoundTitle: "Página não encontrada",
  notFoundText: "Esta página não existe",
  notFoundHome: "Voltar ao início",
} satisfies Record<keyof typeof source, string>;
