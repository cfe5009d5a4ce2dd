import { Brand } from "../../ui/brand";

const SECTIONS: [string, string][] = [
  [
    "1. El servicio",
    "Vidriera convierte fotos de tus productos en imágenes de catálogo generadas con inteligencia artificial y te permite publicar una tienda virtual en un enlace público, donde tus clientes arman un carrito y te envían el pedido por WhatsApp. Vidriera no cobra comisión por tus ventas ni interviene en el cobro ni en la entrega: el acuerdo es entre vos y tu cliente.",
  ],
  [
    "2. Tu cuenta",
    "Sos responsable de la información que cargás y de mantener tu contraseña en secreto. Podés iniciar sesión con email y contraseña o con Google. Si detectás un acceso que no reconocés, cambiá tu contraseña: eso cierra la sesión en todos los demás dispositivos.",
  ],
  [
    "3. Créditos e imágenes",
    "Cada imagen generada o modificada consume 50 créditos (1 imagen); la opción Calidad Pro consume 100. Al registrarte recibís 500 créditos gratis. Si una generación falla, es rechazada o no termina a tiempo, los créditos se devuelven automáticamente. Los paquetes comprados no vencen y no son reembolsables una vez usados.",
  ],
  [
    "4. Tus fotos y contenidos",
    "Solo subí fotos de productos que tengas derecho a usar. Las fotos originales y las imágenes generadas son tuyas: las guardamos para mostrártelas y publicarlas en tu tienda, y no las usamos para otros fines. No se permiten contenidos ilegales, engañosos u ofensivos, ni imágenes de personas reales sin su consentimiento.",
  ],
  [
    "5. Plan Mi Tienda",
    "La tienda virtual se activa con un pago único. Los precios, talles y stock que publicás son responsabilidad tuya; los pedidos se registran en tu panel y se envían a tu WhatsApp.",
  ],
  [
    "6. Pagos",
    "Los pagos se procesan a través de Mercado Pago (Argentina) o dLocal Go (otros países). Vidriera no almacena datos de tarjetas.",
  ],
  [
    "7. Privacidad",
    "Usamos tu email para identificarte y tu número de WhatsApp para que tus clientes te contacten. No vendemos tus datos. Podés pedir la eliminación de tu cuenta y de tus imágenes en cualquier momento.",
  ],
  [
    "8. Cambios",
    "Podemos actualizar estos términos; si el cambio es importante te avisaremos por email o dentro de la aplicación antes de que entre en vigencia.",
  ],
];

export function TermsScreen() {
  return (
    <div className="mx-auto max-w-3xl px-6 py-10">
      <Brand />
      <h1 className="mt-8 text-3xl font-bold tracking-tight">Términos y condiciones</h1>
      <p className="mt-2 text-sm text-slate-500">Última actualización: noviembre de 2026</p>
      <div className="mt-8 space-y-6 leading-relaxed text-slate-700">
        {SECTIONS.map(([title, text]) => (
          <section key={title}>
            <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
            <p className="mt-2">{text}</p>
          </section>
        ))}
      </div>
    </div>
  );
}
