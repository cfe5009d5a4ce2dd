import { useQuery } from "@tanstack/react-query";
import { formatWhatsappNumber } from "../../../common/phone";
import { TRIAL_EXPLAINED } from "../../../common/store-browse";
import { newOrdersCount } from "../../../common/store-cart";
import { StoreShareCard } from "./store-share";
import { Link } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { localPart, REQUIRED_FIELDS, STORE_NAME_MAX_LENGTH, storeCountry, storePath } from "../../../common/store";
import type { User } from "../../../common/user";
import { StoreAdminProducts } from "./store-admin-products";
import { publicStoreLink } from "../../lib/store-link";
import { StoreLinkField, useStoreLink } from "./store-link-preview";
import { CountrySelect, useWhatsappNumber, WhatsappPreview } from "./whatsapp-number";
import { ordersQuery } from "../../lib/orders";
import { priceClaimsQuery } from "../../lib/payment-queries";
import { CheckoutSettingsCard } from "./checkout-settings";
import { StoreLocaleCard } from "./store-locale-settings";
import { Button } from "../../ui/button";
import { NoStoreYet } from "../../ui/no-store";
import { fileToDataUrl } from "../../lib/compress";
import { productsQuery } from "../../lib/queries";
import { useSession } from "../../lib/session";
import { logoProblem, shrinkLogo } from "./store-logo";
import { useSaveStore } from "./store-queries";
import { useUnsavedChanges } from "../../ui/unsaved-changes";

export const COPIED_FOR_MS = 2000;

/** /mi-tienda-admin: the seller's store at a glance, its products and its orders (spec section 2, "Store admin"). */
export function StoreAdminScreen() {
  const { user } = useSession();
  if (!user) return null;
  if (!user.username) return <NoStoreYet hint="Créala en un minuto: nombre, WhatsApp y listo." />;
  return <Admin user={user} username={user.username} />;
}

function Admin({ user, username }: { user: User; username: string }) {
  const link = publicStoreLink(username).url;
  return (
    <div className="space-y-6">
      <header className="flex flex-col gap-4 rounded-2xl bg-gradient-to-r from-brand-700 to-fuchsia-600 p-5 text-white shadow-sm sm:flex-row sm:items-center sm:p-6">
        <LogoEditor user={user} />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold break-words sm:text-3xl">{user.name}</h1>
          <a
            href={storePath(username)}
            target="_blank"
            rel="noopener"
            className="text-sm break-all text-white/90 underline underline-offset-2"
          >
            {link.replace(/^https?:\/\//, "")}
          </a>
        </div>
        <div className="flex flex-wrap gap-2">
          <CopyLinkButton link={link} />
          <Link
            to="/estadisticas"
            className="inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold text-white ring-1 ring-white/70 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            Estadísticas
          </Link>
        </div>
      </header>

      <PaidBanner paid={user.paidMiTienda} />
      <StoreShareCard username={username} storeName={user.name ?? username} />
      <div className="grid gap-6 lg:grid-cols-2">
        <OrdersSummary />
        <StoreInfoCard user={user} link={link} />
      </div>
      <StoreLocaleCard />
      <CheckoutSettingsCard />
      <StoreAdminProducts user={user} />
    </div>
  );
}

/** Orders live in 'Pedidos' (also in the menu); the admin says how many wait and leads there. */
function OrdersSummary() {
  const orders = useQuery(ordersQuery);
  const fresh = orders.data ? newOrdersCount(orders.data) : 0;
  return (
    <section
      aria-labelledby="orders-title"
      className="flex flex-col justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div>
        <h2 id="orders-title" className="text-lg font-semibold">
          Pedidos
        </h2>
        <p className="mt-1 text-slate-600" data-testid="orders-summary">
          {orders.isPending
            ? "Cargando pedidos…"
            : orders.isError
              ? orders.error.message
              : orders.data.length === 0
                ? "Todavía no recibiste pedidos. Comparte el enlace de tu tienda para empezar a vender."
                : fresh === 0
                  ? "No tienes pedidos nuevos."
                  : fresh === 1
                    ? "Tienes 1 pedido nuevo."
                    : `Tienes ${fresh} pedidos nuevos.`}
        </p>
      </div>
      <Link
        to="/pedidos"
        className="inline-flex min-h-11 items-center justify-center self-start rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      >
        Ver pedidos
      </Link>
    </section>
  );
}

function CopyLinkButton({ link }: { link: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      toast.success("Enlace copiado al portapapeles");
    } catch {
      toast.error("No se pudo copiar el enlace. Cópialo a mano.");
    }
  }
  return (
    <button
      type="button"
      onClick={() => void copy()}
      className="inline-flex items-center justify-center gap-2 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
    >
      {copied ? "Copiado" : "Copiar enlace"}
    </button>
  );
}

function PaidBanner({ paid }: { paid: boolean }) {
  const claims = useQuery(priceClaimsQuery).data!;
  if (paid) {
    return (
      <div role="status" className="rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
        <p className="font-semibold">Tu Tienda Pagada</p>
        <p className="text-sm">Tu Pago único fue realizado, tu tienda está activa.</p>
      </div>
    );
  }
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <p className="font-semibold">Tu Tienda no está pagada</p>
        <p className="text-sm">{TRIAL_EXPLAINED}</p>
        <p className="text-sm" data-testid="plan-price">
          Plan Mi Tienda: {claims.storePlan}, pago único. Sin comisiones por venta.
        </p>
      </div>
      <Link
        to="/pay-mi-tienda"
        className="inline-flex justify-center rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700"
      >
        Pagar ahora
      </Link>
    </div>
  );
}

/** The store's current fields, as the store form takes them. */
function storePayload(user: User) {
  const country = storeCountry(user);
  return { storeName: user.name ?? "", phoneNumber: user.phone ?? "", countryCode: country.code };
}

function LogoEditor({ user }: { user: User }) {
  const [picked, setPicked] = useState<{ blob: Blob; previewUrl: string } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const save = useSaveStore("Error al actualizar el logo");
  useEffect(() => () => (picked ? URL.revokeObjectURL(picked.previewUrl) : undefined), [picked]);

  async function choose(file: File | undefined) {
    if (!file) return;
    const problem = logoProblem(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    const blob = await shrinkLogo(file);
    setPicked({ blob, previewUrl: URL.createObjectURL(blob) });
  }

  async function store() {
    if (!picked) return;
    try {
      await save.mutateAsync({ ...storePayload(user), storeLogo: await fileToDataUrl(picked.blob) });
      setPicked(null);
      toast.success("Logo actualizado");
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : "Error al actualizar el logo");
    }
  }

  const shown = picked?.previewUrl ?? user.imageUrl;
  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        onClick={() => input.current?.click()}
        aria-label="Cambiar logo"
        className="relative size-20 shrink-0 overflow-hidden rounded-full border-4 border-white/70 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        {shown ? (
          <img src={shown} alt="Logo de la tienda" className="size-full object-cover" />
        ) : (
          <span aria-hidden className="grid size-full place-items-center text-3xl font-bold text-brand-700">
            {(user.name ?? "T").trim().charAt(0).toUpperCase()}
          </span>
        )}
      </button>
      <input
        id={inputId}
        ref={input}
        type="file"
        accept="image/*"
        aria-label="Elegir logo"
        tabIndex={-1}
        className="sr-only"
        onChange={(e) => {
          void choose(e.target.files?.[0]);
          e.target.value = "";
        }}
      />
      {picked && (
        <div className="flex flex-col gap-1.5">
          <button
            type="button"
            disabled={save.isPending}
            onClick={() => void store()}
            className="rounded-lg bg-white px-3 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60"
          >
            {save.isPending ? "Guardando…" : "Guardar"}
          </button>
          <button
            type="button"
            disabled={save.isPending}
            onClick={() => setPicked(null)}
            className="rounded-lg px-3 py-1 text-sm font-semibold text-white ring-1 ring-white/60 hover:bg-white/10"
          >
            Cancelar
          </button>
        </div>
      )}
    </div>
  );
}

function StoreInfoCard({ user, link }: { user: User; link: string }) {
  const products = useQuery(productsQuery(user.id));
  const [editing, setEditing] = useState(false);
  return (
    <section aria-labelledby="store-info-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id="store-info-title" className="text-lg font-semibold">
          Datos de la tienda
        </h2>
        {!editing && (
          <Button variant="secondary" className="px-3 py-1.5" onClick={() => setEditing(true)}>
            Editar
          </Button>
        )}
      </div>
      {editing ? (
        <StoreInfoForm user={user} onDone={() => setEditing(false)} />
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-500">Nombre</dt>
          <dd className="font-medium break-words">{user.name}</dd>
          <dt className="text-slate-500">WhatsApp</dt>
          <dd className="font-medium">{formatWhatsappNumber(user.phone)}</dd>
          <dt className="text-slate-500">Productos</dt>
          <dd className="font-medium">{products.data?.length ?? "…"}</dd>
          <dt className="text-slate-500">Enlace público</dt>
          <dd className="font-medium break-all">
            <a
              href={new URL(link).pathname}
              target="_blank"
              rel="noopener"
              className="inline-flex min-h-11 items-center text-brand-700 underline underline-offset-2"
            >
              {link.replace(/^https?:\/\//, "")}
            </a>
          </dd>
        </dl>
      )}
    </section>
  );
}

function StoreInfoForm({ user, onDone }: { user: User; onDone: () => void }) {
  const ids = { name: useId(), country: useId(), phone: useId() };
  const [name, setName] = useState(user.name ?? "");
  const { country, phone, landline, setLandline, typePhone, changeCountry } = useWhatsappNumber(user);
  const link = useStoreLink(name, user.username);
  const save = useSaveStore("Error al actualizar la tienda");
  const missing = !name.trim() || !localPart(phone, country).trim() || !link.link;
  const [initial] = useState(() => ({ name, phone }));
  const leaving = useUnsavedChanges(name !== initial.name || phone !== initial.phone);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (missing) {
      toast.error(REQUIRED_FIELDS);
      return;
    }
    try {
      await save.mutateAsync({
        storeName: name.trim(),
        storeLink: link.link,
        phoneNumber: phone.trim(),
        countryCode: country.code,
        landline: country.code === "AR" && landline,
      });
      toast.success("Tienda actualizada correctamente");
      leaving.saved();
      onDone();
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : "Error al actualizar la tienda");
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3" noValidate>
      {leaving.prompt}
      <div>
        <label htmlFor={ids.name} className="text-sm font-medium text-slate-700">
          Nombre de la tienda
        </label>
        <input
          id={ids.name}
          value={name}
          maxLength={STORE_NAME_MAX_LENGTH}
          onChange={(e) => setName(e.target.value)}
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
        />
        <StoreLinkField state={link} currentUsername={user.username} />
      </div>
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <CountrySelect id={ids.country} country={country} onChange={changeCountry} className="px-2 text-sm" />
        <div>
          <label htmlFor={ids.phone} className="text-sm font-medium text-slate-700">
            Número de WhatsApp
          </label>
          <input
            id={ids.phone}
            type="tel"
            value={phone}
            onChange={(e) => typePhone(e.target.value)}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
          />
          <WhatsappPreview phone={phone} country={country} landline={landline} onLandline={setLandline} />
        </div>
      </div>
      <div className="flex gap-2">
        <Button type="submit" busy={save.isPending} disabled={missing || (link.settled && !link.available)}>
          Guardar
        </Button>
        <Button variant="secondary" disabled={save.isPending} onClick={onDone}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}
