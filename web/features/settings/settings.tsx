import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { DeleteAccountDialog, keptOpenOrders } from "./delete-account-dialog";
import { LanguageSection } from "./language-section";
import { t } from "./texts";
import { MyDataSection } from "./my-data-section";
import { Spinner } from "../../ui/spinner";
import { ThemeSelect } from "../../ui/theme-select";
import { StoreModelPanel, useStoreModelAudiences } from "../../ui/store-model";
import { api, unwrap } from "../../lib/api";
import { useAppConfig } from "../../lib/config";
import { sessionQuery } from "../../lib/queries";
import { useLogout, useSession } from "../../lib/session";
import { cacheAnswer } from "../../lib/cache-answer";
import { sellerExamples } from "../../../common/store-locale";
import { sellerLanguage } from "../../i18n/language";

export function SettingsScreen() {
  const { user } = useSession();
  const navigate = useNavigate();
  const logout = useLogout();

  async function signOut() {
    try {
      await logout.mutateAsync();
      await navigate({ to: "/login" });
    } catch {
      toast.error(t("signOutFailed"));
    }
  }

  return (
    <div className="max-w-xl space-y-8">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <section aria-labelledby="apariencia" className="rounded-2xl border border-slate-200 bg-white p-6">
        <h2 id="apariencia" className="font-semibold">
          {t("appearanceTitle")}
        </h2>
        <p className="mt-1 mb-4 text-sm text-slate-600">{t("appearanceHelp")}</p>
        <ThemeSelect />
      </section>
      <LanguageSection />
      <StoreModelSection />
      <PasswordForm />
      <MyDataSection />
      <section className="rounded-2xl border border-slate-200 bg-white p-6">
        <h2 className="font-semibold">{t("sessionTitle")}</h2>
        <p className="mt-1 text-sm text-slate-600">{t("signedInAs", { email: user?.email ?? "" })}</p>
        <button
          type="button"
          onClick={signOut}
          disabled={logout.isPending}
          className="mt-4 inline-flex items-center gap-2 rounded-lg bg-red-600 px-4 py-2 font-semibold text-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:opacity-70"
        >
          {logout.isPending && <Spinner className="size-4" />}
          {t("signOut")}
        </button>
      </section>
      <DeleteAccountSection email={user?.email ?? ""} />
    </div>
  );
}

/**
 * Per audience, the person later generations show again: only for the audiences this site's image
 * generator can repeat a person for; where it cannot, the section is not there at all.
 */
function StoreModelSection() {
  const audiences = useStoreModelAudiences();
  const { config } = useAppConfig();
  if (audiences.length === 0) return null;
  // Said only where the site makes children's photos at all.
  const childrenLeftOut = config.generation.children.available && !audiences.includes("baby");
  return (
    <section aria-labelledby="modelo-de-mi-tienda" className="rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="modelo-de-mi-tienda" className="font-semibold">
        {t("storeModelTitle")}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">
        {t("storeModelHelp")}
        {childrenLeftOut && t("storeModelAdultsOnly")}
      </p>
      <div className="space-y-3">
        {audiences.map((audience) => (
          <StoreModelPanel key={audience} audience={audience} />
        ))}
      </div>
    </section>
  );
}

function DeleteAccountSection({ email }: { email: string }) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="eliminar-cuenta" className="rounded-2xl border border-red-200 bg-white p-6">
      <h2 id="eliminar-cuenta" className="font-semibold text-red-700">
        {t("deleteTitle")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("deleteWhat")}</p>
      <p className="mt-2 text-sm text-slate-600" data-testid="kept-orders">
        {t("deleteOrderPages", { keptOrders: keptOpenOrders() })}
      </p>
      <p className="mt-2 text-sm text-slate-600">
        {t("deleteAccounting", { sizes: sellerExamples(user?.countryCode, sellerLanguage()).sizes })}
      </p>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="mt-4 rounded-lg border border-red-300 px-4 py-2 font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600"
      >
        {t("deleteButton")}
      </button>
      <DeleteAccountDialog open={open} onClose={() => setOpen(false)} email={email} />
    </section>
  );
}

function PasswordForm() {
  const queryClient = useQueryClient();
  const [currentPassword, setCurrent] = useState("");
  const [newPassword, setNew] = useState("");
  const change = useMutation({
    mutationFn: () => unwrap(api.auth.password.$put({ json: { currentPassword, newPassword } }), t("passwordFailed")),
    onSuccess: async ({ user }) => {
      await cacheAnswer(queryClient, sessionQuery.queryKey, user);
      setCurrent("");
      setNew("");
      toast.success(t("passwordChanged"));
    },
    onError: (err) => toast.error(err.message),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    change.mutate();
  }

  return (
    <form onSubmit={submit} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6">
      <h2 className="font-semibold">{t("passwordTitle")}</h2>
      <label className="block">
        <span className="text-sm font-medium text-slate-700">{t("currentPassword")}</span>
        <input
          type="password"
          autoComplete="current-password"
          required
          value={currentPassword}
          onChange={(e) => setCurrent(e.target.value)}
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
        />
      </label>
      <label className="block">
        <span className="text-sm font-medium text-slate-700">{t("newPassword")}</span>
        <input
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          value={newPassword}
          onChange={(e) => setNew(e.target.value)}
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
        />
      </label>
      <button
        type="submit"
        disabled={change.isPending}
        className="inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
      >
        {change.isPending && <Spinner className="size-4" />}
        {t("savePassword")}
      </button>
    </form>
  );
}
