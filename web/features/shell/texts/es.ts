// The app's frame (header, menu, help, tutorial, maintenance, not found), Spanish (the source). Other languages: ./pt-BR.ts, ./en.ts.
export default {
  skipToContent: "Saltar al contenido",
  openMenu: "Abrir menú",
  openMenuNewOrders: "Abrir menú ({count, plural, one {# pedido nuevo} other {# pedidos nuevos}})",
  balanceImages: "{count, plural, one {# imagen} other {# imágenes}}",
  buyImages: "Comprar imágenes",
  help: "Ayuda",

  menuMain: "Menú principal",
  menuDrawer: "Menú",
  closeMenu: "Cerrar menú",
  newOrdersBadge: "{count, plural, one {pedido nuevo} other {pedidos nuevos}}",
  socialLinks: "Redes sociales",
  socialProfile: "Vidriera en {network} (se abre en otra pestaña)",
  entryProducts: "Productos",
  entryImages: "Imágenes",
  entryStore: "Mi Tienda",
  entryOrders: "Pedidos",
  entryStats: "Estadísticas",
  entryCoupons: "Cupones",
  entryBuyImages: "Comprar imágenes",
  entrySettings: "Configuración",

  faqTitle: "Preguntas frecuentes",
  faqCostQ: "¿Cuánto cuesta cada foto?",
  faqCostA:
    "Cada imagen que generas o modificas usa 1 imagen de tu saldo (la Calidad Pro, 2). Empiezas con 10 gratis y después compras packs en 'Comprar imágenes'.",
  faqFailQ: "¿Y si una imagen sale mal o falla?",
  faqFailA: "Si la generación falla, te devolvemos la imagen a tu saldo sola. Si no te gusta, puedes regenerarla.",
  faqPublishQ: "¿Cómo hago que mis clientes vean un producto?",
  faqPublishA:
    "En 'Configurar Precios', escríbele un precio y toca 'Publicar'. Tu tienda solo muestra los productos publicados con precio.",
  faqOrdersQ: "¿Cómo me llegan los pedidos?",
  faqOrdersA:
    "Tus clientes arman el carrito y te escriben por WhatsApp con el pedido y su código. También los ves en 'Pedidos', donde puedes responderles.",
  faqFeesQ: "¿La tienda cobra comisiones?",
  faqFeesA:
    "No. Puedes probarla gratis; el Plan Mi Tienda es un pago único de {price} que quita el aviso 'Tienda en modo prueba'. Lo que vendes es todo tuyo.",
  faqShareQ: "¿Cómo comparto mi tienda?",
  faqShareA: "En 'Mi Tienda': 'Compartir en WhatsApp', 'Copiar para Instagram' o el código QR para imprimir.",
  helpMore: "¿Tienes otra duda o algún problema? Escríbenos y te respondemos lo antes posible.",
  helpMailSubject: "Ayuda con Vidriera",
  helpMail: "Escríbenos por e-mail",
  helpWhatsappMessage: "Hola, necesito ayuda con Vidriera.",
  helpWhatsapp: "Escríbenos por WhatsApp",
  opensInNewTab: " (se abre en otra pestaña)",
  helpNoChannel: "Este sitio todavía no tiene un canal de contacto: las preguntas de arriba responden las dudas más comunes.",
  helpFirstTime: "¿Primera vez? Repasa cómo funciona en cuatro pasos.",
  helpShowTutorial: "Ver tutorial",

  tutorialTitle: "Cómo usar Vidriera",
  tutorialStep: "Paso {step} de {total}",
  close: "Cerrar",
  tutorialNext: "Siguiente",
  tutorialDone: "Entendido",
  tutorialUploadTitle: "Sube la foto de tu producto",
  tutorialUploadText:
    "Toca 'Añadir Producto' y elige una foto de la galería o sácala con la cámara. Alcanza con una foto simple hecha con el celular.",
  tutorialChooseTitle: "Elige cómo la quieres",
  tutorialChooseText:
    "Toca tu producto y elige vista de frente o de espalda, para quién es (Bebé, Niño, Niña o Adulto) y si va la prenda sola o en conjunto.",
  tutorialGenerateTitle: "Genera tu imagen",
  tutorialGenerateText: "Toca 'Generar 1 imagen' y en segundos tienes tu foto de catálogo. Cada foto usa una de tus imágenes disponibles.",
  tutorialSellTitle: "Descárgala y vende",
  tutorialSellText:
    "En 'Imágenes' encuentras todas tus fotos para descargarlas o modificarlas. Publícalas en tu tienda virtual y recibe pedidos por WhatsApp.",

  maintenanceTitle: "Sitio en mantenimiento",
  maintenanceText: "Estamos haciendo mejoras para que Vidriera funcione mejor. Vuelve a intentar en unos minutos.",
  retry: "Reintentar",

  sessionFailed: "No se pudo cargar tu sesión",

  notFoundTitle: "Página no encontrada",
  notFoundText: "Esta página no existe",
  notFoundHome: "Volver al inicio",
};
