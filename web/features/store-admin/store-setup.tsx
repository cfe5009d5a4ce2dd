import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import toast from "react-hot-toast";
import { keepDialPrefix, localPart, STORE_NAME_MAX_LENGTH, storeCountry } from "../../../common/store";
import { useLoadedValue } from "../../lib/loaded-value";
import type { User } from "../../../common/user";
import { BackLink } from "./store-back-link";
import { StoreFeatures } from "./store-features";
import { StoreLinkField, useStoreLink } from "./store-link-preview";
import { CountrySelect, useWhatsappNumber, WhatsappPreview } from "./whatsapp-number";
import { Button } from "../../ui/button";
import { fileToDataUrl } from "../../lib/compress";
import { priceClaimsQuery } from "../../lib/payment-queries";
import { useSession } from "../../lib/session";
import { useUnsavedChanges } from "../../ui/unsaved-changes";
import { formatMegabytes, logoProblem, shrinkLogo } from "./store-logo";
import { storeCreateFallback, useSaveStore } from "./store-queries";
import { t } from "./texts";

/** /mi-tienda: create or edit the store (spec section 2, "Store setup"). */
export function StoreSetupScreen() {
  const { user } = useSession();
  if (!user) return null;
  return <StoreForm user={user} />;
}

interface PickedLogo {
  blob: Blob;
  size: number;
  previewUrl: string;
}

function StoreForm({ user }: { user: User }) {
  const navigate = useNavigate();
  const ids = { name: useId(), logo: useId(), country: useId(), phone: useId(), phoneHelp: useId(), problem: useId() };
  const storeName = useLoadedValue(user.name ?? "");
  const name = storeName.value;
  const { country, phone, landline, setLandline, typePhone, changeCountry, keepCaretAfterPrefix } = useWhatsappNumber(user);
  const link = useStoreLink(name, user.username);
  const [logo, setLogo] = useState<PickedLogo | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const save = useSaveStore();
  const editing = user.paidMiTienda;
  const claims = useQuery(priceClaimsQuery).data!;
  const leaving = useUnsavedChanges(
    name !== (user.name ?? "") || phone !== keepDialPrefix(user.phone ?? "", storeCountry(user)) || logo !== null,
  );

  useEffect(() => () => (logo ? URL.revokeObjectURL(logo.previewUrl) : undefined), [logo]);

  const slug = link.link;
  const missing = !name.trim() || !localPart(phone, country).trim();
  const linkTaken = link.settled && !link.available;
  const blocked = missing || !slug || linkTaken;
  // A grey 'Continuar' always says why: what is missing, a name without letters, or a link that is not free.
  const problem = missing
    ? touched
      ? t("requiredFields")
      : t("fillToContinue")
    : !slug
      ? t("nameWithoutLetters")
      : linkTaken
        ? t("chooseFreeLink")
        : null;

  async function chooseLogo(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const reason = logoProblem(file);
    if (reason) {
      // Said once, under the logo it is about (not again in a toast).
      setLogoError(reason);
      return;
    }
    setLogoError(null);
    const blob = await shrinkLogo(file);
    setLogo({ blob, size: file.size, previewUrl: URL.createObjectURL(blob) });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (missing || !slug || save.isPending) return;
    try {
      await save.mutateAsync({
        storeName: name.trim(),
        storeLink: slug,
        phoneNumber: phone.trim(),
        countryCode: country.code,
        landline: country.code === "AR" && landline,
        ...(logo ? { storeLogo: await fileToDataUrl(logo.blob) } : {}),
      });
      toast.success(user.username ? t("storeUpdated") : t("storeCreated"));
      leaving.saved();
      void navigate({ to: "/product-pricing" });
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : storeCreateFallback());
    }
  }

  const logoPreview = logo?.previewUrl ?? (user.imageUrl || null);
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <div className="flex items-start gap-3">
        <BackLink to="/home" />
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{t("myStoreTitle")}</h1>
          <p className="mt-1 text-slate-600">{editing ? t("editStoreSubtitle") : t("createStoreSubtitle")}</p>
        </div>
      </div>
      {leaving.prompt}
      {!user.paidMiTienda && (
        <p className="rounded-2xl border border-brand-100 bg-brand-50 p-4 text-sm text-brand-900" data-testid="store-plan-terms">
          {t("planTerms", { price: claims.storePlan })}
        </p>
      )}

      <form
        onSubmit={(e) => void submit(e)}
        noValidate
        className="space-y-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      >
        <div>
          <label htmlFor={ids.name} className="text-sm font-medium text-slate-700">
            {t("storeNameLabel")}{" "}
            <span aria-hidden className="text-red-600">
              *
            </span>
          </label>
          <input
            id={ids.name}
            value={name}
            required
            maxLength={STORE_NAME_MAX_LENGTH}
            autoComplete="organization"
            placeholder={t("storeNamePlaceholder")}
            onChange={(e) => {
              storeName.set(e.target.value);
              setTouched(true);
            }}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 focus-visible:outline-2 focus-visible:outline-brand-600"
          />
          <StoreLinkField state={link} currentUsername={user.username} />
        </div>

        <div>
          <p id={ids.logo} className="text-sm font-medium text-slate-700">
            {t("logoOptional")}
          </p>
          <div className="mt-2 flex items-center gap-4">
            {logoPreview ? (
              <img
                src={logoPreview}
                alt={t("logoPreviewAlt")}
                className="size-20 shrink-0 rounded-full border border-slate-200 bg-slate-50 object-cover"
              />
            ) : (
              <span
                aria-hidden
                className="grid size-20 shrink-0 place-items-center rounded-full border-2 border-dashed border-slate-300 text-2xl text-slate-400"
              >
                +
              </span>
            )}
            <div className="space-y-1 text-sm">
              <input
                ref={fileInput}
                type="file"
                accept="image/*"
                aria-labelledby={ids.logo}
                tabIndex={-1}
                className="sr-only"
                onChange={(e) => void chooseLogo(e)}
              />
              <Button variant="secondary" onClick={() => fileInput.current?.click()}>
                {logoPreview ? t("changeLogo") : t("chooseLogo")}
              </Button>
              {logo && (
                <p className="text-slate-600" data-testid="logo-size">
                  {t("logoSize", { size: formatMegabytes(logo.size) })}
                </p>
              )}
              <p className="text-slate-500">{t("logoMaxSize")}</p>
              {logoError && (
                <p role="alert" className="text-red-700">
                  {logoError}
                </p>
              )}
            </div>
          </div>
        </div>

        <div className="grid gap-4 sm:grid-cols-[minmax(0,14rem)_1fr]">
          <CountrySelect id={ids.country} country={country} onChange={changeCountry} className="px-3" />
          <div>
            <label htmlFor={ids.phone} className="text-sm font-medium text-slate-700">
              {t("whatsappLabel")}{" "}
              <span aria-hidden className="text-red-600">
                *
              </span>
            </label>
            <input
              id={ids.phone}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              required
              value={phone}
              aria-describedby={ids.phoneHelp}
              onChange={(e) => {
                typePhone(e.target.value);
                setTouched(true);
              }}
              onSelect={keepCaretAfterPrefix}
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 focus-visible:outline-2 focus-visible:outline-brand-600"
            />
            <p id={ids.phoneHelp} className="mt-1 text-sm text-slate-500">
              {t("whatsappHelp")}
            </p>
            <WhatsappPreview phone={phone} country={country} landline={landline} onLandline={setLandline} />
          </div>
        </div>

        {problem && (
          <p
            id={ids.problem}
            role={touched ? "alert" : undefined}
            className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
            data-testid="store-setup-problem"
          >
            {problem}
          </p>
        )}
        <Button
          type="submit"
          busy={save.isPending}
          disabled={blocked}
          className="w-full py-3 text-base"
          aria-describedby={problem ? ids.problem : undefined}
        >
          {save.isPending ? (editing ? t("updatingStore") : t("creatingStore")) : editing ? t("updateStoreButton") : t("continueButton")}
        </Button>
      </form>

      <StoreFeatures />
    </div>
  );
}
