import { useQuery } from "@tanstack/react-query";
import { Link, useSearch } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import toast from "react-hot-toast";
import { storeCountry, storePath } from "../../../common/store";
import type { User } from "../../../common/user";
import { StoreAdminProducts } from "./store-admin-products";
import { publicStoreLink } from "../../lib/store-link";
import { priceClaimsQuery } from "../../lib/payment-queries";
import { NoStoreYet } from "../../ui/no-store";
import { fileToDataUrl } from "../../lib/compress";
import { useSession } from "../../lib/session";
import { logoProblem, shrinkLogo } from "./store-logo";
import { useSaveStore } from "./store-queries";
import { AdminSectionNav } from "./admin-section-nav";
import { type AdminSection, DEFAULT_ADMIN_SECTION } from "./admin-sections";
import { OrdersSummary } from "./orders-summary";
import { SECTION_CODE } from "./admin-section-code";
import { Spinner } from "../../ui/spinner";
import { t } from "./texts";

export const COPIED_FOR_MS = 2000;

const CheckoutSettingsCard = lazy(() => SECTION_CODE["entrega-y-pagos"]().then((m) => ({ default: m.CheckoutSettingsCard })));
const StoreLocaleCard = lazy(() => SECTION_CODE["entrega-y-pagos"]().then((m) => ({ default: m.StoreLocaleCard })));
const StoreShareCard = lazy(() => SECTION_CODE.compartir().then((m) => ({ default: m.StoreShareCard })));
const StoreInfoCard = lazy(() => SECTION_CODE.datos().then((m) => ({ default: m.StoreInfoCard })));

const SectionLoading = () => (
  <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
    <Spinner className="size-4" /> {t("loading")}
  </p>
);

/**
 * /mi-tienda-admin: the seller's store at a glance (spec section 2, "Store admin"), then one section at a
 * time by what the seller does: products, orders, delivery and payment, sharing, store details.
 */
export function StoreAdminScreen() {
  const { user } = useSession();
  if (!user) return null;
  if (!user.username) return <NoStoreYet hint={t("noStoreHint")} />;
  return <Admin user={user} username={user.username} />;
}

function Admin({ user, username }: { user: User; username: string }) {
  const link = publicStoreLink(username).url;
  const section: AdminSection = useSearch({ from: "/signed-in/mi-tienda-admin" }).seccion ?? DEFAULT_ADMIN_SECTION;
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
            className="inline-flex min-h-11 items-center text-sm break-all text-white/90 underline underline-offset-2"
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
            {t("statsLink")}
          </Link>
        </div>
      </header>

      <PaidBanner paid={user.paidMiTienda} />
      <AdminSectionNav current={section} />
      <div id="admin-section">
        <Suspense fallback={<SectionLoading />}>
          {section === "productos" && <StoreAdminProducts user={user} />}
          {section === "pedidos" && <OrdersSummary />}
          {section === "entrega-y-pagos" && (
            <div className="space-y-6">
              <CheckoutSettingsCard />
              <StoreLocaleCard />
            </div>
          )}
          {section === "compartir" && (
            <StoreShareCard username={username} storeName={user.name ?? username} locale={user.storeMoney.locale} />
          )}
          {section === "datos" && <StoreInfoCard user={user} link={link} />}
        </Suspense>
      </div>
    </div>
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
      toast.success(t("linkCopied"));
    } catch {
      toast.error(t("linkCopyFailed"));
    }
  }
  return (
    <button
      type="button"
      onClick={() => void copy()}
      className="inline-flex items-center justify-center gap-2 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
    >
      {copied ? t("copied") : t("copyLink")}
    </button>
  );
}

function PaidBanner({ paid }: { paid: boolean }) {
  const claims = useQuery(priceClaimsQuery).data!;
  if (paid) {
    return (
      <div role="status" className="rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
        <p className="font-semibold">{t("paidTitle")}</p>
        <p className="text-sm">{t("paidText")}</p>
      </div>
    );
  }
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <p className="font-semibold">{t("unpaidTitle")}</p>
        <p className="text-sm">{t("trialExplained")}</p>
        <p className="text-sm" data-testid="plan-price">
          {t("planPrice", { price: claims.storePlan })}
        </p>
      </div>
      <Link
        to="/pay-mi-tienda"
        className="inline-flex justify-center rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700"
      >
        {t("payNow")}
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
  const save = useSaveStore(t("logoUpdateFailed"));
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
      toast.success(t("logoUpdated"));
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : t("logoUpdateFailed"));
    }
  }

  const shown = picked?.previewUrl ?? user.imageUrl;
  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        onClick={() => input.current?.click()}
        aria-label={t("changeLogo")}
        className="relative size-20 shrink-0 overflow-hidden rounded-full border-4 border-white/70 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        {shown ? (
          <img src={shown} alt={t("storeLogoAlt")} className="size-full object-cover" />
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
        aria-label={t("chooseLogo")}
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
            {save.isPending ? t("saving") : t("save")}
          </button>
          <button
            type="button"
            disabled={save.isPending}
            onClick={() => setPicked(null)}
            className="rounded-lg px-3 py-1 text-sm font-semibold text-white ring-1 ring-white/60 hover:bg-white/10"
          >
            {t("cancel")}
          </button>
        </div>
      )}
    </div>
  );
}
