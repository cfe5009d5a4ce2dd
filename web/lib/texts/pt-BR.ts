import type source from "./es";

export default {
  noConnection: "Sem conexão com o servidor. Confira sua internet e tente de novo.",
  readImageFailed: "Não foi possível ler a imagem.",
  configFailed: "Não foi possível carregar a configuração.",

  downloadOk: "Imagem baixada.",
  downloadFailed: "Não foi possível baixar a imagem.",
  downloadError: "Erro ao baixar a imagem.",

  generateAdFailed: "Erro ao gerar a imagem",
  generateBackFailed: "Erro ao gerar a imagem de costas",
  generateBabyFailed: "Erro ao gerar a imagem de bebê",
  generateKidFailed: "Erro ao gerar a imagem de menino",
  generateGirlKidFailed: "Erro ao gerar a imagem de menina",
  generateOutfitFailed: "Erro ao gerar a imagem de conjunto",
  generatePersonalizedFailed: "Erro ao gerar a imagem personalizada",
  personalizeNetworkError: "Erro de conexão ao gerar a imagem personalizada",
  generationStillRunning: "A geração ainda está em andamento. Ela vai aparecer na sua galeria quando terminar.",
  modifyFailed: "Ocorreu um erro ao tentar editar a imagem.",
  productAndImageFailed: "Erro ao gerar o produto e a imagem",

  ordersFailed: "Não foi possível carregar os pedidos.",
  pricesFailed: "Não foi possível carregar os preços.",
  ratesFailed: "Não foi possível carregar as cotações.",
  paymentStatusFailed: "Não conseguimos consultar o status do pagamento.",

  sessionFailed: "Não foi possível carregar sua sessão.",
  googleFailed: "Não foi possível consultar o login com o Google.",
  productsFailed: "Erro ao carregar os produtos",
  galleryFailed: "Não foi possível carregar as imagens geradas.",
  productImagesFailed: "Erro ao carregar as imagens do produto.",
  jobsFailed: "Não foi possível consultar o status das suas gerações.",
  batchesFailed: "Não foi possível consultar seus lotes.",
  credentialsFailed: "E-mail ou senha incorretos, ou erro no servidor. Tente de novo.",
  logoutFailed: "Não foi possível sair da conta.",

  instagramCopied: "Texto copiado: cole na bio do Instagram ou num story com a figurinha «Link».",

  storeModelFailed: "Não foi possível carregar o modelo da sua loja.",
  storeModelSaveFailed: "Não foi possível salvar o modelo da sua loja. Tente de novo.",
  storeModelRemoveFailed: "Não foi possível remover o modelo da sua loja. Tente de novo.",
  storeModelSaved: "Pronto: é o modelo da sua loja para {audience}.",
  storeModelRemoved: "Você removeu o modelo da sua loja para {audience}.",
  audienceAdult: "Adulto",
  audienceBaby: "Bebê",
  audienceBoy: "Menino",
  audienceGirl: "Menina",

  themeLight: "Claro",
  themeDark: "Escuro",
  themeSystem: "Sistema",

  loginToBuy: "Você precisa entrar na sua conta para comprar créditos.",
  unexpectedPaymentError: "Ocorreu um erro inesperado ao processar o pagamento.",
  checkoutFailed: "Erro ao abrir o pagamento ({status})",
  missingPaymentUrl: "Não recebemos o link de pagamento do {provider}.",

  uploadFailed: "Erro ao enviar os produtos",
} satisfies Record<keyof typeof source, string>;
