import { useQuery } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { formatWhatsappNumber } from "../../../common/phone";
import { keepDialPrefix, localPart, STORE_NAME_MAX_LENGTH, storeCountry } from "../../../common/store";
import { useLoadedValue } from "../../lib/loaded-value";
import type { User } from "../../../common/user";
import { productsQuery } from "../../lib/queries";
import { Button } from "../../ui/button";
import { useUnsavedChanges } from "../../ui/unsaved-changes";
import { StoreLinkField, useStoreLink } from "./store-link-preview";
import { t } from "./texts";
import { useSaveStore } from "./store-queries";
import { CountrySelect, useWhatsappNumber, WhatsappPreview } from "./whatsapp-number";

/** 'Datos de la tienda': name, WhatsApp, products and public link, edited in place. */
export function StoreInfoCard({ user, link }: { user: User; link: string }) {
  const products = useQuery(productsQuery(user.id));
  const [editing, setEditing] = useState(false);
  return (
    <section aria-labelledby="store-info-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id="store-info-title" className="text-lg font-semibold">
          {t("sectionDetails")}
        </h2>
        {!editing && (
          <Button variant="secondary" className="px-3 py-1.5" onClick={() => setEditing(true)}>
            {t("edit")}
          </Button>
        )}
      </div>
      {editing ? (
        <StoreInfoForm user={user} onDone={() => setEditing(false)} />
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-500">{t("nameLabel")}</dt>
          <dd className="font-medium break-words">{user.name}</dd>
          <dt className="text-slate-500">WhatsApp</dt>
          <dd className="font-medium">{formatWhatsappNumber(user.phone)}</dd>
          <dt className="text-slate-500">{t("sectionProducts")}</dt>
          <dd className="font-medium">{products.data?.length ?? "…"}</dd>
          <dt className="text-slate-500">{t("publicLink")}</dt>
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
  const storeName = useLoadedValue(user.name ?? "");
  const name = storeName.value;
  const problemId = useId();
  const { country, phone, landline, setLandline, typePhone, changeCountry, keepCaretAfterPrefix } = useWhatsappNumber(user);
  const link = useStoreLink(name, user.username);
  const save = useSaveStore(t("storeUpdateFailed"));
  const missing = !name.trim() || !localPart(phone, country).trim() || !link.link;
  const leaving = useUnsavedChanges(name !== (user.name ?? "") || phone !== keepDialPrefix(user.phone ?? "", storeCountry(user)));
  const linkTaken = link.settled && !link.available;
  // A grey 'Guardar' always says why.
  const problem = missing ? t("requiredFields") : linkTaken ? t("chooseFreeLink") : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (missing) {
      toast.error(t("requiredFields"));
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
      toast.success(t("storeUpdated"));
      leaving.saved();
      onDone();
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : t("storeUpdateFailed"));
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3" noValidate>
      {leaving.prompt}
      <div>
        <label htmlFor={ids.name} className="text-sm font-medium text-slate-700">
          {t("storeNameLabel")}
        </label>
        <input
          id={ids.name}
          value={name}
          maxLength={STORE_NAME_MAX_LENGTH}
          onChange={(e) => storeName.set(e.target.value)}
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
        />
        <StoreLinkField state={link} currentUsername={user.username} />
      </div>
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <CountrySelect id={ids.country} country={country} onChange={changeCountry} className="px-2 text-sm" />
        <div>
          <label htmlFor={ids.phone} className="text-sm font-medium text-slate-700">
            {t("whatsappLabel")}
          </label>
          <input
            id={ids.phone}
            type="tel"
            value={phone}
            onChange={(e) => typePhone(e.target.value)}
            onSelect={keepCaretAfterPrefix}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
          />
          <WhatsappPreview phone={phone} country={country} landline={landline} onLandline={setLandline} />
        </div>
      </div>
      {problem && (
        <p id={problemId} className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          {problem}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" busy={save.isPending} disabled={!!problem} aria-describedby={problem ? problemId : undefined}>
          {t("save")}
        </Button>
        <Button variant="secondary" disabled={save.isPending} onClick={onDone}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}
