// The client's own messages (no connection, downloads, uploads, fallbacks when the server gives no reason), Spanish (the source).
// Other languages: ./pt-BR.ts, ./en.ts.
export default {
  noConnection: "No hay conexión con el servidor. Revisa tu internet e intenta de nuevo.",
  readImageFailed: "No se pudo leer la imagen.",
  configFailed: "No se pudo cargar la configuración.",

  downloadOk: "Imagen descargada.",
  downloadFailed: "No se pudo descargar la imagen.",
  downloadError: "Error al descargar la imagen.",

  generateAdFailed: "Error al generar la imagen",
  generateBackFailed: "Error al generar la imagen de vista trasera",
  generateBabyFailed: "Error al generar la imagen de bebé",
  generateKidFailed: "Error al generar la imagen de niño",
  generateGirlKidFailed: "Error al generar la imagen de niña",
  generateOutfitFailed: "Error al generar la imagen de conjunto",
  generatePersonalizedFailed: "Error al generar la imagen personalizada",
  personalizeNetworkError: "Error de red al generar la imagen personalizada",
  generationStillRunning: "La generación sigue en curso. La vas a encontrar en tu galería cuando termine.",
  modifyFailed: "Ocurrió un error al intentar modificar la imagen.",
  productAndImageFailed: "Error al generar producto e imagen",

  ordersFailed: "No se pudieron cargar los pedidos.",
  pricesFailed: "No se pudieron cargar los precios.",
  ratesFailed: "No se pudieron cargar las cotizaciones.",
  paymentStatusFailed: "No pudimos consultar el estado del pago.",

  sessionFailed: "No se pudo cargar tu sesión.",
  googleFailed: "No se pudo consultar el inicio de sesión con Google.",
  productsFailed: "Error al cargar los productos",
  galleryFailed: "No se pudieron cargar las imágenes generadas.",
  productImagesFailed: "Error al cargar las imágenes del producto.",
  jobsFailed: "No se pudo consultar el estado de tus generaciones.",
  batchesFailed: "No se pudo consultar tus lotes.",
  credentialsFailed: "Credenciales incorrectas o error del servidor. Inténtalo de nuevo.",
  logoutFailed: "No se pudo cerrar la sesión.",

  instagramCopied: "Texto copiado: pégalo en tu bio de Instagram o en una historia con el sticker «Enlace».",

  storeModelFailed: "No se pudo cargar el modelo de tu tienda.",
  storeModelSaveFailed: "No se pudo guardar el modelo de tu tienda. Intenta de nuevo.",
  storeModelRemoveFailed: "No se pudo quitar el modelo de tu tienda. Intenta de nuevo.",
  storeModelSaved: "Listo: es el modelo de tu tienda para {audience}.",
  storeModelRemoved: "Quitaste el modelo de tu tienda para {audience}.",
  audienceAdult: "Adulto",
  audienceBaby: "Bebé",
  audienceBoy: "Niño",
  audienceGirl: "Niña",

  themeLight: "Claro",
  themeDark: "Oscuro",
  themeSystem: "Sistema",

  loginToBuy: "Debes iniciar sesión para comprar créditos.",
  unexpectedPaymentError: "Ocurrió un error inesperado al intentar procesar el pago.",
  checkoutFailed: "Error al crear la preferencia de pago ({status})",
  missingPaymentUrl: "No se recibió la URL de pago de {provider}.",

  uploadFailed: "Error al subir productos",
};
