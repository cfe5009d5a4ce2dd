// English for the seller's messages, keyed by their Spanish source (./translate.ts): as a seller in Kenya
// or Nigeria reads it, British spelling (colour, delivery, store, stock).
export default {
  "El CBU o CVU tiene que tener solo números.": "The CBU or CVU can only contain numbers.",
  "El CBU o CVU tiene {0} números: revisa que esté completo.": "The CBU or CVU has {0} digits: check that it is complete.",
  "Ese CBU o CVU no es válido: algún número está mal. Cópialo de tu banco o billetera.":
    "That CBU or CVU is not valid: a digit is wrong. Copy it from your bank or wallet.",
  "El alias tiene de {0} a {1} letras, números, puntos o guiones (por ejemplo: mi.tienda.mp).":
    "The alias has {0} to {1} letters, numbers, full stops or hyphens (for example: mi.tienda.mp).",
  "La CLABE tiene 18 números: revisa que esté completa.": "The CLABE has 18 digits: check that it is complete.",
  "Esa CLABE no es válida: algún número está mal. Cópiala de la app de tu banco.":
    "That CLABE is not valid: a digit is wrong. Copy it from your bank's app.",
  "Ese RUT no es válido: revisa los números y el dígito verificador (por ejemplo 12.345.678-5).":
    "That RUT is not valid: check the digits and the check digit (for example 12.345.678-5).",
  "El número de cuenta NUBAN tiene 10 números: revisa que esté completo.":
    "The NUBAN account number has 10 digits: check that it is complete.",
  "Elige tu banco: el número de cuenta se revisa con su código.": "Choose your bank: the account number is checked against its code.",
  "Ese número de cuenta no corresponde a ese banco: revisa el número y el banco elegido.":
    "That account number does not match that bank: check the number and the bank you chose.",
  "Escribe el celular peruano de tu cuenta: 9 números que empiezan con 9 (por ejemplo +51 912 345 678).":
    "Enter your account's Peruvian mobile number: 9 digits starting with 9 (for example +51 912 345 678).",
  "Escribe el celular colombiano de tu cuenta: 10 números que empiezan con 3 (por ejemplo +57 312 345 6789).":
    "Enter your account's Colombian mobile number: 10 digits starting with 3 (for example +57 312 345 6789).",
  "El número de Till de M-Pesa tiene de 5 a 7 números.": "The M-Pesa Till number has 5 to 7 digits.",
  "El número de Paybill de M-Pesa tiene de 5 a 7 números.": "The M-Pesa Paybill number has 5 to 7 digits.",
  "Escribe el número de cuenta de tu Paybill (hasta 20 letras o números).":
    "Enter your Paybill account number (up to 20 letters or numbers).",
  "Esa llave Bre-B no es válida: usa tu celular, tu número de documento, tu correo o tu llave alfanumérica (empieza con @).":
    "That Bre-B key is not valid: use your mobile number, your ID number, your e-mail or your alphanumeric key (it starts with @).",
  "Necesitas {0} para {1} y tienes {2}.": "You need {0} for {1} and you have {2}.",
  "{0} No se descontó nada. Compra créditos para generar el lote.": "{0} Nothing was taken. Buy credits to generate the batch.",
  "{0} Tu saldo alcanza para {1}: puedes generar esas ahora. No se descontó nada.":
    "{0} Your balance covers {1}: you can generate those now. Nothing was taken.",
  "Ese CPF no es válido: revisa los 11 números (por ejemplo 529.982.247-25).":
    "That CPF is not valid: check the 11 digits (for example 529.982.247-25).",
  "Ese CNPJ no es válido: revisa los 14 caracteres (por ejemplo 11.222.333/0001-81).":
    "That CNPJ is not valid: check the 14 characters (for example 11.222.333/0001-81).",
  "Elige envío a domicilio o retiro en el local.": "Choose home delivery or collection in store.",
  "Elige la zona de envío.": "Choose the delivery zone.",
  "Elige cómo quieres pagar.": "Choose how you want to pay.",
  "Esta tienda no ofrece retiro en el local.": "This store does not offer collection in store.",
  "Esta tienda no hace envíos: elige retiro en el local.": "This store does not deliver: choose collection in store.",
  "No te quedan imágenes disponibles.": "You have no pictures left.",
  "Demasiados intentos de entrar con Google. Espera unos minutos e inténtalo de nuevo.":
    "Too many attempts to sign in with Google. Wait a few minutes and try again.",
  "El inicio de sesión con Google no está disponible en este sitio. Entra con tu email y contraseña.":
    "Signing in with Google is not available on this site. Sign in with your e-mail and password.",
  "Error de seguridad (estado inválido). Inténtalo de nuevo.": "Security error (invalid state). Please try again.",
  "Permiso denegado para acceder con Google.": "Permission denied to sign in with Google.",
  "Permiso denegado para registrarse con Google.": "Permission denied to sign up with Google.",
  "Este email ya está asociado con otra cuenta de Google.": "This e-mail is already linked to another Google account.",
  "Este email ya está asociado con otra cuenta de Google. Intenta iniciar sesión.":
    "This e-mail is already linked to another Google account. Try signing in.",
  "Falló la comunicación con Google. Inténtalo de nuevo.": "Communication with Google failed. Please try again.",
  "Error durante el inicio de sesión con Google.": "Error while signing in with Google.",
  "Error durante el registro con Google.": "Error while signing up with Google.",
  "Con el generador de imágenes de este sitio no podemos crear fotos con modelos bebé, niño o niña.":
    "With this site's picture generator we cannot create photos with baby, boy or girl models.",
  "La Calidad Pro (2K) no está disponible en este sitio: las imágenes que crea no llegan a ese tamaño.":
    "Pro Quality (2K) is not available on this site: the pictures it creates do not reach that size.",
  "El generador de imágenes de este sitio no puede modificar imágenes con instrucciones.":
    "This site's picture generator cannot edit pictures from instructions.",
  "{0} No se descontaron créditos. Puedes generar la prenda sola, sin modelo, por 1 imagen.":
    "{0} No credits were taken. You can generate the garment on its own, without a model, for 1 picture.",
  "{0} No se descontaron créditos; usa la calidad estándar.": "{0} No credits were taken; use standard quality.",
  "{0} No se descontaron créditos.": "{0} No credits were taken.",
  "Pega un link de pago de Mercado Pago (empieza con https://mpago.la/ o https://link.mercadopago.com.ar/).":
    "Paste a Mercado Pago payment link (it starts with https://mpago.la/ or https://link.mercadopago.com.ar/).",
  "Este pedido es para retirar en el local: márcalo «Listo para retirar».":
    "This order is for collection in store: mark it «Ready for collection».",
  "Este pedido es con envío a domicilio: márcalo «Enviado».": "This order is for home delivery: mark it «Sent».",
  "Un pedido {0} no puede pasar a {1}.": "An order that is {0} cannot move to {1}.",
  nuevo: "new",
  confirmado: "confirmed",
  pagado: "paid",
  enviado: "sent",
  "listo para retirar": "ready for collection",
  entregado: "delivered",
  cancelado: "cancelled",
  "Escribe el nombre del titular de la cuenta.": "Enter the account holder's name.",
  "Escribe el nombre de tu banco.": "Enter your bank's name.",
  "Escribe el número de cuenta.": "Enter the account number.",
  "Para transferencias escribe tu alias o tu CBU/CVU.": "For transfers, enter your alias or your CBU/CVU.",
  "Escribe el nombre de quien recibe el Pix, como lo muestra tu banco.": "Enter the name of who receives the Pix, as your bank shows it.",
  "Escribe tu ciudad: el código Pix la lleva.": "Enter your city: the Pix code includes it.",
  "Cada forma de pago va una sola vez.": "Each payment method goes in only once.",
  "Esa forma de pago no es válida.": "That payment method is not valid.",
  "El dato no es válido.": "That detail is not valid.",
  "Puede tener hasta {0} caracteres.": "It can have up to {0} characters.",
  "Elige el tipo de llave Pix.": "Choose the Pix key type.",
  "Escribe tu llave Pix.": "Enter your Pix key.",
  "Elige el tipo de cuenta.": "Choose the account type.",
  "Elige tu banco.": "Choose your bank.",
  "Debes iniciar sesión para comprar créditos.": "You need to sign in to buy credits.",
  "Por favor selecciona un pack de imágenes.": "Please choose a picture pack.",
  "Debes iniciar sesión para acceder a esta página.": "You need to sign in to open this page.",
  "Ocurrió un error inesperado al intentar procesar el pago.": "An unexpected error occurred while processing the payment.",
  "Ocurrió un error al intentar descontar los créditos.": "An error occurred while taking the credits.",
  "Se descontaron 500 créditos.": "500 credits were taken.",
  "No se recibió la URL de pago de {0}.": "No payment link was received from {0}.",
  "Tu Tienda ya estaba activa: sumamos {0} a tu saldo por este pago.":
    "Your Store was already active: we added {0} to your balance for this payment.",
  "El número de WhatsApp solo puede tener números.": "The WhatsApp number can only contain digits.",
  "El número de WhatsApp es demasiado corto.": "The WhatsApp number is too short.",
  "El número de WhatsApp es demasiado largo.": "The WhatsApp number is too long.",
  "El número de WhatsApp tiene que empezar con el código del país elegido.":
    "The WhatsApp number must start with the chosen country's code.",
  "Por favor completa todos los campos obligatorios.": "Please fill in all the required fields.",
  "El número de WhatsApp no es válido en {0}. Revisa el código de área.": "The WhatsApp number is not valid in {0}. Check the area code.",
  "Escribe tu número de WhatsApp para que la tienda te avise cómo sigue tu pedido.":
    "Enter your WhatsApp number so the store can tell you how your order is going.",
  "Ese e-mail no sirve como llave Pix: revisa que esté completo (por ejemplo loja@exemplo.com.br).":
    "That e-mail does not work as a Pix key: check that it is complete (for example loja@exemplo.com.br).",
  "Ese celular no sirve como llave Pix: escribe el código de área y el número, por ejemplo +55 11 98765-4321.":
    "That mobile number does not work as a Pix key: enter the area code and the number, for example +55 11 98765-4321.",
  "Esa llave aleatoria no es válida: cópiala de la app de tu banco (32 letras y números separados por guiones).":
    "That random key is not valid: copy it from your bank's app (32 letters and numbers separated by hyphens).",
  "El precio máximo es {0}.": "The maximum price is {0}.",
  "Los precios en pesos van sin centavos: escribe, por ejemplo, 12.500.": "Prices in pesos have no cents: type, for example, 12.500.",
  "El precio no puede ser negativo.": "The price cannot be negative.",
  "El precio no es válido: escribe solo números, por ejemplo 12.500.": "The price is not valid: type numbers only, for example 12.500.",
  "El precio no es válido: escribe solo números, por ejemplo {0}.": "The price is not valid: type numbers only, for example {0}.",
  "Los precios en {0} van sin centavos: escribe, por ejemplo, {1}.": "Prices in {0} have no cents: type, for example, {1}.",
  "Los centavos van después de {0}: escribe, por ejemplo, {1}.": "Cents go after {0}: type, for example, {1}.",
  "una coma": "a comma",
  "un punto": "a decimal point",
  pesos: "pesos",
  reales: "reais",
  soles: "soles",
  guaraníes: "guaraníes",
  bolivianos: "bolivianos",
  quetzales: "quetzales",
  colones: "colones",
  ringgits: "ringgit",
  rupias: "rupiah",
  chelines: "shillings",
  nairas: "naira",
  dólares: "dollars",
  euros: "euros",
  "Si es {0}, escribe {1}.": "If it is {0}, type {1}.",
  "¿{0} es {1} o {2}? Si es {1}, escribe {3}.": "Is {0} a price in thousands or with cents? If you mean thousands, type {3}.",
  "Esta imagen muestra la prenda sola: elige una imagen con modelo.":
    "This picture shows the garment on its own: choose a picture with a model.",
  "Esta imagen no muestra a un modelo de ese público: elige otra.": "This picture does not show a model of that group: choose another.",
  "Ese enlace es una palabra de Vidriera y no puede usarse para una tienda. Elige otro.":
    "That link is a Vidriera word and cannot be used for a store. Choose another.",
  "El enlace solo puede tener letras sin acentos y números, hasta {0} caracteres.":
    "The link can only have letters without accents and numbers, up to {0} characters.",
  "El enlace /u/{0} ya es de otra tienda. Elige otro.": "The link /u/{0} already belongs to another store. Choose another.",
  "El nombre de la tienda tiene que tener al menos una letra o un número.": "The store name must have at least one letter or number.",
  "Por favor selecciona un archivo de imagen válido.": "Please choose a valid image file.",
  "La imagen debe ser menor a 5MB.": "The picture must be smaller than 5MB.",
  "El stock máximo por talle es 1.000.000.": "The maximum stock per size is 1,000,000.",
  "El stock de un talle es un número entero de 0 o más, sin decimales: por ejemplo 5 o 1.200.":
    "A size's stock is a whole number of 0 or more, without decimals: for example 5 or 1,200.",
  "Debes seleccionar al menos una imagen.": "You need to choose at least one picture.",
  "Puedes subir hasta {0} imágenes por vez.": "You can upload up to {0} pictures at a time.",
  "Se crearon demasiadas cuentas desde esta conexión. Inténtalo de nuevo en una hora.":
    "Too many accounts were created from this connection. Try again in an hour.",
  "¡Hola, {0}!": "Hello, {0}!",
  "Míralas, ponles precio y publícalas en tu tienda:": "Look at them, price them and publish them in your store:",
  "No encontramos ese lote.": "We could not find that batch.",
  "No encontrado.": "Not found.",
  "El generador de imágenes está saturado o no respondió a tiempo.": "The picture generator is overloaded or did not answer in time.",
  "La generación tardó demasiado y se canceló. Te devolvimos los créditos.":
    "The generation took too long and was cancelled. We gave your credits back.",
  "No se pudo generar la imagen. Te devolvimos los créditos; intenta de nuevo.":
    "The picture could not be generated. We gave your credits back; please try again.",
  "El generador de imágenes está saturado en este momento. Te devolvimos los créditos; intenta en unos minutos.":
    "The picture generator is overloaded right now. We gave your credits back; try again in a few minutes.",
  "Ahora no podemos crear imágenes en este sitio. Te devolvimos los créditos.":
    "We cannot create pictures on this site right now. We gave your credits back.",
  "La imagen de origen ya no existe. Te devolvimos los créditos.": "The source picture no longer exists. We gave your credits back.",
  "No pudimos iniciar la generación y no se descontaron créditos. Intenta de nuevo en unos minutos.":
    "We could not start the generation and no credits were taken. Try again in a few minutes.",
  "Escribe tu contraseña para confirmar.": "Enter your password to confirm.",
  "Escribe el email de tu cuenta para confirmar.": "Enter your account's e-mail to confirm.",
  "La contraseña no es correcta.": "The password is not correct.",
  "El email no coincide con el de tu cuenta.": "The e-mail does not match your account's.",
  "Tienes imágenes generándose. Espera a que terminen y vuelve a intentar.":
    "You have pictures being generated. Wait for them to finish and try again.",
  "Tu saldo de créditos cambió mientras eliminábamos la cuenta. Intenta de nuevo.":
    "Your credit balance changed while we were deleting the account. Please try again.",
  "Ya existe una cuenta con este email. Inicia sesión.": "An account with this e-mail already exists. Sign in.",
  "La variante {0} está repetida.": "The variant {0} appears twice.",
  "El identificador de URL puede tener hasta {0} caracteres.": "The URL handle can have up to {0} characters.",
  "Faltan columnas de Tiendanube: {0}.": "Tiendanube columns are missing: {0}.",
  "El identificador «{0}» ya es de otro producto (línea {1}): cada producto lleva el suyo.":
    "The handle «{0}» already belongs to another product (line {1}): each product has its own.",
  "Falta el nombre del producto.": "The product name is missing.",
  "Puedes importar hasta {0} productos por archivo.": "You can import up to {0} products per file.",
  "El archivo no tiene productos.": "The file has no products.",
  "No encontramos ese cliente en tus pedidos.": "We could not find that customer in your orders.",
  "Este cliente tiene pedidos en curso: entrégalos o cancélalos antes de borrar sus datos, así no pierdes su dirección.":
    "This customer has orders in progress: deliver or cancel them before deleting their details, so you don't lose their address.",
  "Ya estamos preparando tus datos. Te avisamos por correo cuando estén listos.":
    "We are already preparing your data. We will e-mail you when it is ready.",
  "Ya pediste tus datos {0} veces en las últimas 24 horas. Vuelve a intentarlo mañana.":
    "You have already asked for your data {0} times in the last 24 hours. Try again tomorrow.",
  "Tus datos de Vidriera están listos: tu catálogo (en las columnas que importa Tiendanube), tus fotos e imágenes, tus pedidos y tu historial de créditos, en un archivo ZIP.":
    "Your Vidriera data is ready: your catalogue (in the columns Tiendanube imports), your photos and pictures, your orders and your credit history, in a ZIP file.",
  "Descárgalo desde este enlace (vale {0} días y solo funciona con tu sesión iniciada):":
    "Download it from this link (valid for {0} days, and it only works while you are signed in):",
  "Ocurrió un error inesperado. Intenta de nuevo en unos minutos.": "An unexpected error occurred. Try again in a few minutes.",
  "El cuerpo de la solicitud no es un JSON válido.": "The request body is not valid JSON.",
  "La solicitud es demasiado grande.": "The request is too large.",
  "La imagen no llegó bien codificada (base64 inválido). Vuelve a elegir la foto.":
    "The picture did not arrive properly encoded (invalid base64). Choose the photo again.",
  "{0} está vacío.": "{0} is empty.",
  "{0} pesa más de {1} MB, el máximo por imagen.": "{0} is larger than {1} MB, the maximum per picture.",
  "{0} no es una imagen que podamos abrir. Usa una imagen JPEG, PNG o WebP.":
    "{0} is not a picture we can open. Use a JPEG, PNG or WebP picture.",
  "{0} tiene {1} megapíxeles y el máximo es {2}. Reduce su tamaño o usa otra imagen.":
    "{0} has {1} megapixels and the maximum is {2}. Make it smaller or use another picture.",
  "{0} es un JPEG progresivo de {1} pasadas (una foto de teléfono tiene unas diez): no podemos procesarlo. Expórtalo de nuevo como JPEG común o usa otra imagen.":
    "{0} is a progressive JPEG with {1} scans (a phone photo has about ten): we cannot process it. Export it again as a normal JPEG or use another picture.",
  "Esta tienda no acepta ese medio de pago: elige otro.": "This store does not accept that payment method: choose another.",
  "Esta tienda no tiene esa zona de envío: elige una de la lista.":
    "This store does not have that delivery zone: choose one from the list.",
  "Revisa tu número de WhatsApp: escríbelo con su código de área{0}. También puedes dejarlo vacío.":
    "Check your WhatsApp number: enter it with its area code{0}. You can also leave it empty.",
  "Pedido no encontrado.": "Order not found.",
  "No hay stock suficiente para confirmar este pedido:": "There is not enough stock to confirm this order:",
  "{0} {1}. Ajusta el stock o cancela el pedido.": "{0} {1}. Adjust the stock or cancel the order.",
  "El pedido cambió mientras tanto. Recarga la lista.": "The order changed in the meantime. Reload the list.",
  "Un producto del carrito ya no está disponible en esta tienda. Quítalo e intenta de nuevo.":
    "A product in the basket is no longer available in this store. Remove it and try again.",
  "Si hay una cuenta con ese email, te enviamos un correo con los pasos para entrar. Revisa tu bandeja de entrada y la carpeta de spam.":
    "If there is an account with that e-mail, we have sent you a message with the steps to sign in. Check your inbox and your spam folder.",
  "El enlace no es válido, ya se usó o venció. Pide uno nuevo desde '¿Olvidaste tu contraseña?'.":
    "The link is not valid, has already been used or has expired. Ask for a new one from 'Forgot your password?'.",
  "Pediste muchos correos de recuperación seguidos. Espera una hora e inténtalo de nuevo.":
    "You asked for many recovery e-mails in a row. Wait an hour and try again.",
  "La recuperación por correo no está disponible en este momento. Escríbenos desde 'Ayuda'.":
    "Recovery by e-mail is not available right now. Write to us from 'Help'.",
  "Recibimos un pedido para crear una nueva contraseña de tu cuenta de Vidriera.":
    "We received a request to create a new password for your Vidriera account.",
  "Abre este enlace para elegirla (vale por una hora y funciona una sola vez):":
    "Open this link to choose it (valid for one hour, and it works only once):",
  "Si no lo pediste tú, ignora este correo: tu contraseña sigue igual.":
    "If you did not ask for this, ignore this e-mail: your password stays the same.",
  "Recibimos un pedido para recuperar tu cuenta de Vidriera.": "We received a request to recover your Vidriera account.",
  "Tu cuenta no tiene contraseña: entras con Google. Abre la página de inicio y toca 'Continuar con Google':":
    "Your account has no password: you sign in with Google. Open the home page and tap 'Continue with Google':",
  "Si no lo pediste tú, ignora este correo.": "If you did not ask for this, ignore this e-mail.",
  "Tu tienda puede tener hasta {0} productos. Borra los que ya no vendes para agregar otros.":
    "Your store can have up to {0} products. Delete the ones you no longer sell to add others.",
  "Completa el nombre de cada talle.": "Fill in the name of each size.",
  "Hay talles repetidos en un producto.": "A product has the same size twice.",
  "Completa el nombre de cada color.": "Fill in the name of each colour.",
  "Hay colores repetidos en un producto.": "A product has the same colour twice.",
  "Un producto puede tener hasta {0} talles.": "A product can have up to {0} sizes.",
  "El nombre de un talle no puede tener más de {0} caracteres.": "A size name cannot be longer than {0} characters.",
  "La categoría puede tener hasta {0} caracteres.": "The category can have up to {0} characters.",
  "Los talles no son válidos.": "The sizes are not valid.",
  "El nombre de un color no puede tener más de {0} caracteres.": "A colour name cannot be longer than {0} characters.",
  "La foto del color no es válida.": "The colour's photo is not valid.",
  "Los colores no son válidos.": "The colours are not valid.",
  "Un producto puede tener hasta {0} colores.": "A product can have up to {0} colours.",
  "Las imágenes elegidas no son válidas.": "The chosen pictures are not valid.",
  "Puedes mostrar hasta {0} imágenes por producto.": "You can show up to {0} pictures per product.",
  "La categoría no es válida.": "The category is not valid.",
  "Indica si el producto se publica.": "Say whether the product is published.",
  "Una de las imágenes elegidas no es de este producto.": "One of the chosen pictures is not from this product.",
  "La foto del color {0} tiene que ser una de las imágenes que muestra tu tienda.":
    "The photo for the colour {0} must be one of the pictures your store shows.",
  "Ponle un precio a «{0}» antes de publicarlo.": "Give «{0}» a price before publishing it.",
  "El nombre es obligatorio.": "The name is required.",
  "El nombre no puede tener más de 120 caracteres.": "The name cannot be longer than 120 characters.",
  "La descripción no es válida.": "The description is not valid.",
  "La descripción no puede tener más de {0} caracteres.": "The description cannot be longer than {0} characters.",
  "Producto no encontrado.": "Product not found.",
  "Solicitud rechazada: proviene de otro sitio.": "Request refused: it comes from another site.",
  "Debes iniciar sesión para continuar.": "You need to sign in to continue.",
  "Tu sesión expiró o no es válida. Inicia sesión de nuevo.": "Your session has expired or is not valid. Sign in again.",
  "No encontramos esa guía de talles.": "We could not find that size guide.",
  "Ese producto no es de tu tienda.": "That product is not from your store.",
  "Ya tienes una guía para ese producto o categoría: edítala en lugar de crear otra.":
    "You already have a guide for that product or category: edit it instead of creating another.",
  "Puedes tener hasta {0} guías de talles. Borra una que no uses para crear otra.":
    "You can have up to {0} size guides. Delete one you don't use to create another.",
  "Ponle un nombre a la guía.": "Give the guide a name.",
  "El nombre puede tener hasta {0} caracteres.": "The name can have up to {0} characters.",
  "Elige una categoría.": "Choose a category.",
  "Elige a qué producto o categoría se aplica la guía.": "Choose which product or category the guide applies to.",
  "Elige la unidad de las medidas.": "Choose the unit of the measurements.",
  "Completa el nombre de cada medida.": "Fill in the name of each measurement.",
  "Una medida puede tener hasta {0} caracteres.": "A measurement can have up to {0} characters.",
  "Agrega al menos una medida.": "Add at least one measurement.",
  "Una guía puede tener hasta {0} medidas.": "A guide can have up to {0} measurements.",
  "Cada medida puede tener hasta {0} caracteres.": "Each measurement can have up to {0} characters.",
  "Agrega al menos un talle.": "Add at least one size.",
  "Una guía puede tener hasta {0} talles.": "A guide can have up to {0} sizes.",
  "La nota puede tener hasta {0} caracteres.": "The note can have up to {0} characters.",
  "Faltan los datos de la guía.": "The guide's details are missing.",
  "Cada talle tiene que tener un valor por medida.": "Each size must have a value for each measurement.",
  "Hay talles repetidos en la guía.": "The guide has the same size twice.",
  "Tu tienda cambió mientras guardabas. Revisa la moneda y el idioma y vuelve a intentarlo.":
    "Your store changed while you were saving. Check the currency and the language and try again.",
  "La moneda de tu tienda cambió mientras guardabas. Revisa los precios y guarda de nuevo.":
    "Your store's currency changed while you were saving. Check the prices and save again.",
  "Demasiados intentos fallidos. Espera 15 minutos antes de volver a intentarlo.":
    "Too many failed attempts. Wait 15 minutes before trying again.",
  "Enviaste muchos pedidos seguidos. Espera unos minutos e inténtalo de nuevo.":
    "You sent many orders in a row. Wait a few minutes and try again.",
  "Agregaste muchos productos seguidos. Espera unos minutos e inténtalo de nuevo.":
    "You added many products in a row. Wait a few minutes and try again.",
  "Probaste demasiados enlaces de recuperación. Espera 15 minutos o pide un enlace nuevo desde '¿Olvidaste tu contraseña?'.":
    "You tried too many recovery links. Wait 15 minutes or ask for a new link from 'Forgot your password?'.",
  "Ingresa un email válido.": "Enter a valid e-mail.",
  "Ingresa un enlace válido.": "Enter a valid link.",
  "Falta un dato obligatorio.": "A required detail is missing.",
  "Un dato no tiene el formato esperado.": "A detail is not in the expected format.",
  "Un texto es demasiado largo: puede tener hasta {0} caracteres.": "A text is too long: it can have up to {0} characters.",
  "Hay demasiados elementos: puede haber hasta {0}.": "There are too many items: there can be up to {0}.",
  "El archivo es demasiado grande.": "The file is too large.",
  "Un número es demasiado grande: puede ser hasta {0}.": "A number is too large: it can be up to {0}.",
  "Falta completar un dato.": "A detail still needs filling in.",
  "Un texto es demasiado corto: necesita al menos {0} caracteres.": "A text is too short: it needs at least {0} characters.",
  "Falta elegir al menos uno.": "Choose at least one.",
  "Faltan elementos: necesita al menos {0}.": "Items are missing: it needs at least {0}.",
  "Un número es demasiado chico: tiene que ser al menos {0}.": "A number is too small: it must be at least {0}.",
  "Elige una de las opciones disponibles.": "Choose one of the available options.",
  "Un número no es válido.": "A number is not valid.",
  "La solicitud trae datos que no corresponden.": "The request carries details that do not belong.",
  "Un dato no es válido.": "A detail is not valid.",
  "Datos inválidos.": "Invalid details.",
  "Ese pack de imágenes no existe.": "That picture pack does not exist.",
  "Este pack no está disponible en tu país.": "This pack is not available in your country.",
  "El precio cambió. Recarga la página e intenta de nuevo.": "The price changed. Reload the page and try again.",
  "Tu Tienda ya está activa: no hace falta pagarla de nuevo.": "Your Store is already active: there is no need to pay for it again.",
  "Ya tienes un pago del Plan Mi Tienda en curso. Termínalo en la pestaña donde lo abriste o espera 30 minutos para empezar otro.":
    "You already have a My Store Plan payment in progress. Finish it in the tab where you opened it or wait 30 minutes to start another.",
  "Ya tienes {0} pagos abiertos sin terminar. Termina uno de ellos o espera una hora para abrir otro.":
    "You already have {0} unfinished payments open. Finish one of them or wait an hour to open another.",
  "En Argentina el pago se hace con Mercado Pago.": "In Argentina payment is made with Mercado Pago.",
  "Desde tu país el pago se hace con {0}.": "From your country payment is made with {0}.",
  "Firma de notificación inválida.": "Invalid notification signature.",
  "No pudimos consultar el pago con el proveedor.": "We could not check the payment with the provider.",
  "El proveedor todavía no muestra este pago; vuelve a enviar la notificación.":
    "The provider does not show this payment yet; send the notification again.",
  "Los pagos no están configurados en este servidor.": "Payments are not set up on this server.",
  "La imagen es demasiado grande: el máximo es {0} megapíxeles.": "The picture is too large: the maximum is {0} megapixels.",
  "La imagen es un JPEG progresivo de {0} pasadas (el máximo es {1}) y abrirla tardaría demasiado.":
    "The picture is a progressive JPEG with {0} scans (the maximum is {1}) and opening it would take too long.",
  "No se pudo leer la imagen.": "The picture could not be read.",
  "El proveedor de imágenes rechazó esta imagen por sus políticas de contenido.":
    "The picture provider refused this picture under its content policies.",
  "El proveedor de imágenes está saturado o no respondió a tiempo.": "The picture provider is overloaded or did not answer in time.",
  "No pudimos conectar con el proveedor de imágenes.": "We could not connect to the picture provider.",
  "{0} Te devolvimos los créditos.": "{0} We gave your credits back.",
  "Credenciales incorrectas o error del servidor. Inténtalo de nuevo.": "Wrong sign-in details or a server error. Please try again.",
  "La contraseña actual no es correcta.": "The current password is not correct.",
  "Tu cuenta inicia sesión con Google y no tiene contraseña para cambiar.":
    "Your account signs in with Google and has no password to change.",
  "El email es obligatorio.": "The e-mail is required.",
  "El email es demasiado largo.": "The e-mail is too long.",
  "La contraseña es obligatoria.": "The password is required.",
  "La contraseña no puede tener más de 128 caracteres.": "The password cannot be longer than 128 characters.",
  "La contraseña debe tener al menos 8 caracteres.": "The password must have at least 8 characters.",
  "Faltan el email y la contraseña.": "The e-mail and password are missing.",
  "Faltan la contraseña actual y la nueva.": "The current and new passwords are missing.",
  "Confirma tu identidad para eliminar la cuenta.": "Confirm who you are to delete the account.",
  "Escribe el email de tu cuenta.": "Enter your account's e-mail.",
  "Falta el enlace.": "The link is missing.",
  "El enlace está incompleto.": "The link is incomplete.",
  "El enlace no es válido.": "The link is not valid.",
  "Falta la nueva contraseña.": "The new password is missing.",
  "Cancelaste esta imagen antes de que empezara. Te devolvimos los créditos.":
    "You cancelled this picture before it started. We gave your credits back.",
  "Un lote puede tener hasta {0} imágenes.": "A batch can have up to {0} pictures.",
  "Elige los productos del lote.": "Choose the batch's products.",
  "Elige al menos un producto.": "Choose at least one product.",
  "Un producto aparece dos veces en el lote.": "A product appears twice in the batch.",
  "Las fotos nuevas no son válidas.": "The new photos are not valid.",
  "Elige cómo quieres las fotos.": "Choose how you want the photos.",
  "Calidad inválida.": "Invalid quality.",
  "Indica si quieres el aviso por email.": "Say whether you want the e-mail notice.",
  "Envía un objeto JSON.": "Send a JSON object.",
  "Una foto nueva no está entre los productos del lote.": "A new photo is not among the batch's products.",
  "Ofrece al menos una forma de entrega: envío a domicilio o retiro en el local.":
    "Offer at least one way to get the order: home delivery or collection in store.",
  "Ponle un nombre a cada zona de envío.": "Give each delivery zone a name.",
  "Hay zonas de envío con el mismo nombre.": "Some delivery zones have the same name.",
  "El texto no es válido.": "The text is not valid.",
  "El nombre de una zona puede tener hasta {0} caracteres.": "A zone's name can have up to {0} characters.",
  "Las zonas de envío no son válidas.": "The delivery zones are not valid.",
  "Indica si ofreces retiro en el local.": "Say whether you offer collection in store.",
  "La dirección de retiro puede tener hasta {0} caracteres.": "The collection address can have up to {0} characters.",
  "Indica si haces envíos.": "Say whether you deliver.",
  "Puedes tener hasta {0} zonas de envío.": "You can have up to {0} delivery zones.",
  "Faltan los datos de entrega.": "The delivery details are missing.",
  "El nombre del titular puede tener hasta {0} caracteres.": "The holder's name can have up to {0} characters.",
  "Indica si aceptas efectivo.": "Say whether you accept cash.",
  "Faltan las formas de pago.": "The payment methods are missing.",
  "Envía tus formas de pago una sola vez.": "Send your payment methods only once.",
  "{0} no está disponible en {1}.": "{0} is not available in {1}.",
  "Faltan los datos.": "The details are missing.",
  "Tu Tienda ya está activa: no se descontaron créditos.": "Your Store is already active: no credits were taken.",
  "No tienes imágenes suficientes: activar tu Tienda cuesta {0} y tienes {1}.":
    "You don't have enough pictures: activating your Store costs {0} and you have {1}.",
  "Falta el cliente.": "The customer is missing.",
  "No encontramos esa descarga de tus datos.": "We could not find that download of your data.",
  "El enlace de descarga venció o no es tuyo. Pide tus datos de nuevo desde Configuración.":
    "The download link has expired or is not yours. Ask for your data again from Settings.",
  "El archivo tiene errores: corrígelos y vuelve a importarlo. No se importó ningún producto.":
    "The file has errors: fix them and import it again. No product was imported.",
  "El archivo es demasiado grande: importa hasta 2 MB por vez.": "The file is too large: import up to 2 MB at a time.",
  "Elige un archivo CSV.": "Choose a CSV file.",
  "El archivo está vacío.": "The file is empty.",
  "El producto no tiene imagen. Sube una foto antes de generar.": "The product has no picture. Upload a photo before generating.",
  "Por favor, ingresa las instrucciones para modificar la imagen.": "Please enter the instructions to edit the picture.",
  "Imagen no encontrada.": "Picture not found.",
  "Género inválido.": "Invalid gender.",
  "Edad inválida.": "Invalid age.",
  "Tono de piel inválido.": "Invalid skin tone.",
  "Tipo de cuerpo inválido.": "Invalid body type.",
  "No se pudo generar la imagen.": "The picture could not be generated.",
  "¡Imagen generada con éxito!": "Picture generated!",
  "Elige al menos una opción de personalización.": "Choose at least one customisation option.",
  "Las instrucciones no pueden tener más de 500 caracteres.": "The instructions cannot be longer than 500 characters.",
  "Falta la imagen.": "The picture is missing.",
  "El nombre del archivo no es válido.": "The file name is not valid.",
  "El nombre del archivo es demasiado largo.": "The file name is too long.",
  "Solicitud inválida.": "Invalid request.",
  "La imagen original ya no está guardada o ya está en la galería.":
    "The original picture is no longer saved or is already in the gallery.",
  "Esta imagen no tiene una original para restaurar.": "This picture has no original to restore.",
  "No encontramos esa generación.": "We could not find that generation.",
  "Esta tienda no existe.": "This store does not exist.",
  "Tu carrito está vacío.": "Your basket is empty.",
  "Escribe tu nombre para que la tienda sepa quién compra.": "Enter your name so the store knows who is buying.",
  "Estado de pedido inválido.": "Invalid order status.",
  "No encontramos ese pago.": "We could not find that payment.",
  "El enlace de pago venció o no es válido. Vuelve a intentar desde Vidriera.":
    "The payment link has expired or is not valid. Try again from Vidriera.",
  "Elige qué quieres pagar.": "Choose what you want to pay for.",
  "El precio enviado no es válido.": "The price sent is not valid.",
  "Faltan los datos del pago.": "The payment details are missing.",
  "Falta el producto.": "The product is missing.",
  "Los datos de un producto no son válidos.": "A product's details are not valid.",
  "Faltan los productos.": "The products are missing.",
  "No hay cambios para guardar.": "There are no changes to save.",
  "Guarda de a 500 productos como máximo.": "Save at most 500 products at a time.",
  "Un producto aparece dos veces.": "A product appears twice.",
  "Faltan los datos del producto.": "The product's details are missing.",
  "Las imágenes superan el máximo de 25 MB por envío. Súbelas de a poco.":
    "The pictures exceed the 25 MB maximum per upload. Upload them a few at a time.",
  "Un nombre va con una sola imagen.": "A name goes with a single picture.",
  "Elige al menos una imagen para subir.": "Choose at least one picture to upload.",
  "Envía las imágenes como formulario (multipart/form-data) en el campo images.":
    "Send the pictures as a form (multipart/form-data) in the images field.",
  "Todavía no tienes una tienda: créala en 'Mi Tienda' para ver sus estadísticas.":
    "You don't have a store yet: create it in 'My Store' to see its statistics.",
  "No pudimos leer tus estadísticas en este momento. Intenta de nuevo en unos minutos.":
    "We could not read your statistics right now. Try again in a few minutes.",
  "El enlace para darte de baja no es válido. Puedes desactivar el resumen semanal desde Estadísticas, con tu sesión iniciada.":
    "The unsubscribe link is not valid. You can turn off the weekly summary from Statistics while signed in.",
  "Evento inválido.": "Invalid event.",
  "Indica sí o no.": "Say yes or no.",
  "Elige una moneda de la lista.": "Choose a currency from the list.",
  "Elige un país de la lista.": "Choose a country from the list.",
  "Elige un idioma de la lista.": "Choose a language from the list.",
  "Elige la moneda y el idioma de tu tienda.": "Choose your store's currency and language.",
  "El público debe ser adulto, bebé, niño o niña.": "The group must be adult, baby, boy or girl.",
  "Elige una imagen de tu galería.": "Choose a picture from your gallery.",
  "No encontramos un enlace libre para ese nombre. Prueba con otro nombre de tienda.":
    "We could not find a free link for that name. Try another store name.",
  "El nombre de la tienda no puede tener más de {0} caracteres.": "The store name cannot be longer than {0} characters.",
  "Indica si el número es un teléfono fijo.": "Say whether the number is a landline.",
  "No encontramos ese pedido de arrepentimiento.": "We could not find that withdrawal request.",
  "Este producto no está en esta tienda.": "This product is not in this store.",
  "Así le fue a {0} {1}:": "Here is how {0} did {1}:",
  "Mira qué productos se ven y cuáles se piden, de dónde llegan tus visitas y qué buscan:":
    "See which products are viewed and which are ordered, where your visitors come from and what they search for:",
  "¿No quieres recibir este resumen? Date de baja con este enlace (no hace falta iniciar sesión):":
    "Don't want this summary? Unsubscribe with this link (no need to sign in):",
  "1 imagen": "1 picture",
  "{0} imágenes": "{0} pictures",
  "1 crédito": "1 credit",
  "{0} créditos": "{0} credits",
} satisfies Record<string, string>;
