import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import toast from "react-hot-toast";
import type { Coupon } from "../../../common/coupons";
import { formatAmount, type StoreMoney } from "../../../common/store-money";
import { sellerLocale } from "../../i18n/language";
import { api, unwrap } from "../../lib/api";
import { useSession } from "../../lib/session";
import { Button } from "../../ui/button";
import { Spinner } from "../../ui/spinner";
import { type CouponDraft, CouponEditor } from "./coupon-editor";
import { couponsQuery } from "./coupons-query";
import { t } from "./texts";

/** What a coupon takes off and when, in one line; each amount in the money it was saved in. */
function couponTerms(c: Coupon, money: StoreMoney): string {
  const amount = (minor: number) => formatAmount(minor, c.currency, money.locale);
  const date = (iso: string) => new Intl.DateTimeFormat(sellerLocale(), { dateStyle: "medium" }).format(new Date(iso));
  return [
    c.kind === "percent"
      ? t("kindPercent", { value: c.value })
      : c.kind === "amount"
        ? t("kindAmount", { amount: amount(c.value) })
        : t("kindFreeShipping"),
    ...(c.minimum ? [t("minimumFrom", { amount: amount(c.minimum) })] : []),
    ...(c.startsAt ? [t("startsOn", { date: date(c.startsAt) })] : []),
    ...(c.endsAt ? [t("endsOn", { date: date(c.endsAt) })] : []),
  ].join(" · ");
}

/** Why the coupon does not apply today, when it does not. */
function couponStatus(c: Coupon): string | null {
  if (c.otherMoney) return t("statusOtherMoney", { currency: c.currency });
  if (!c.active) return t("statusPaused");
  if (c.endsAt && Date.parse(c.endsAt) <= Date.now()) return t("statusExpired");
  if (c.maxUses !== null && c.uses >= c.maxUses) return t("statusUsedUp");
  return null;
}

/** /cupones: the store's discount codes, the uses left of each, and its changes. */
export function CouponsScreen() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const coupons = useQuery(couponsQuery);
  const [editing, setEditing] = useState<Coupon | "new" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: couponsQuery.queryKey });
  const save = useMutation({
    mutationFn: async (json: CouponDraft) => {
      if (editing && editing !== "new")
        return (await unwrap(api.coupons[":id"].$put({ param: { id: editing.id }, json }), t("saveFailed"))).coupon;
      return (await unwrap(api.coupons.$post({ json }), t("saveFailed"))).coupon;
    },
    onSuccess: (coupon) => {
      refresh();
      toast.success(t("saved", { code: coupon.code }));
      setEditing(null);
      setError(null);
    },
    onError: (err) => setError(err.message),
  });
  const pause = useMutation({
    mutationFn: async (coupon: Coupon) =>
      (await unwrap(api.coupons[":id"].active.$put({ param: { id: coupon.id }, json: { active: !coupon.active } }), t("changeFailed")))
        .coupon,
    onSuccess: (coupon) => {
      refresh();
      toast.success(t(coupon.active ? "resumed" : "paused", { code: coupon.code }));
    },
    onError: (err) => toast.error(err.message),
  });
  const remove = useMutation({
    mutationFn: async (coupon: Coupon) => {
      await unwrap(api.coupons[":id"].$delete({ param: { id: coupon.id } }), t("deleteFailed"));
      return coupon;
    },
    onSuccess: (coupon) => {
      refresh();
      toast.success(t("deleted", { code: coupon.code }));
    },
    onError: (err) => toast.error(err.message),
  });
  if (!user) return null;

  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">{t("title")}</h1>
        <p className="mt-1 text-slate-600">{t("intro")}</p>
      </header>

      {coupons.isPending && (
        <p role="status" className="flex items-center gap-2 text-slate-600">
          <Spinner className="size-4 text-brand-600" /> {t("loading")}
        </p>
      )}
      {coupons.isError && (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
          <p className="font-semibold text-red-800">{coupons.error.message}</p>
          <Button variant="secondary" className="mt-4 min-h-11" onClick={() => void coupons.refetch()}>
            {t("retry")}
          </Button>
        </div>
      )}

      {editing ? (
        <CouponEditor
          initial={editing === "new" ? null : editing}
          money={user.storeMoney}
          busy={save.isPending}
          error={error}
          onSave={(draft) => save.mutate(draft)}
          onCancel={() => {
            setEditing(null);
            setError(null);
          }}
        />
      ) : (
        coupons.isSuccess && (
          <>
            <Button className="min-h-11" onClick={() => setEditing("new")}>
              {t("newButton")}
            </Button>
            {coupons.data.length === 0 && (
              <p className="rounded-2xl border-2 border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">{t("empty")}</p>
            )}
            <ul className="space-y-3">
              {coupons.data.map((coupon) => {
                const status = couponStatus(coupon);
                return (
                  <li key={coupon.id} className="rounded-2xl border border-slate-200 bg-white p-4" data-testid="coupon">
                    <div className="flex flex-wrap items-center gap-2">
                      <p className="font-mono text-lg font-bold">{coupon.code}</p>
                      {status && (
                        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">{status}</span>
                      )}
                    </div>
                    <p className="text-sm text-slate-700">{couponTerms(coupon, user.storeMoney)}</p>
                    <p className="text-sm text-slate-600">
                      {coupon.maxUses === null
                        ? t("usesUnlimited", { uses: coupon.uses })
                        : t("usesLeft", { left: Math.max(0, coupon.maxUses - coupon.uses), max: coupon.maxUses })}
                    </p>
                    <div className="mt-3 flex flex-wrap gap-2">
                      <Button variant="secondary" className="min-h-11" onClick={() => setEditing(coupon)}>
                        {t("editButton")}
                      </Button>
                      <Button
                        variant="secondary"
                        className="min-h-11"
                        busy={pause.isPending && pause.variables?.id === coupon.id}
                        onClick={() => pause.mutate(coupon)}
                      >
                        {coupon.active ? t("pauseButton") : t("resumeButton")}
                      </Button>
                      <Button
                        variant="ghost"
                        className="min-h-11 text-red-700"
                        busy={remove.isPending && remove.variables?.id === coupon.id}
                        onClick={() => {
                          if (window.confirm(t("deleteConfirm", { code: coupon.code }))) remove.mutate(coupon);
                        }}
                      >
                        {t("deleteButton")}
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ul>
          </>
        )
      )}
    </div>
  );
}
