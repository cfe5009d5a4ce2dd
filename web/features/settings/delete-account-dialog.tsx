import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useId, useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { KEPT_ORDER_PAGE_DAYS } from "../../../common/order-status";
import { api, unwrap } from "../../lib/api";
import { sessionQuery } from "../../lib/queries";
import { Spinner } from "../../ui/spinner";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { cacheAnswer } from "../../lib/cache-answer";
import { forgetSession } from "../../lib/session";
import { t } from "./texts";

/** What a deletion leaves for the buyers of orders still under way (worker/lib/account-deletion.ts). */
export const keptOpenOrders = () => t("keptOpenOrders", { days: KEPT_ORDER_PAGE_DAYS });

/**
 * Confirms the deletion with the password, or with the e-mail for accounts
 * that only sign in with Google (the server says which one applies).
 */
export function DeleteAccountDialog({ open, onClose, email }: { open: boolean; onClose: () => void; email: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [secret, setSecret] = useState("");
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const errorId = useId();

  const confirmation = useQuery({
    queryKey: ["account-confirmation"],
    queryFn: () => unwrap(api.auth.account.$get(), t("deletePrepareFailed")),
    enabled: open,
    staleTime: Infinity,
  });
  const confirmWith = confirmation.data?.confirmWith;

  const remove = useMutation({
    mutationFn: () =>
      unwrap(api.auth.account.$delete({ json: confirmWith === "email" ? { email: secret } : { password: secret } }), t("deleteFailed")),
    onSuccess: async () => {
      forgetSession();
      await navigate({ to: "/cuenta-eliminada", replace: true });
      // Nothing cached belongs to anyone any more. The session's own entry is kept and set to null (not
      // cleared): the landing already reads it, and a cleared entry would leave it showing the deleted
      // seller ('Ir a tus productos') until a reload.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQuery.queryKey[0] });
      await cacheAnswer(queryClient, sessionQuery.queryKey, null);
      toast.success(t("accountDeleted"));
    },
    onError: (err) => setError(err.message),
  });

  useEffect(() => {
    if (open) return;
    setSecret("");
    setError(null);
  }, [open]);

  function close() {
    if (!remove.isPending) onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (remove.isPending || !confirmWith) return;
    setError(null);
    remove.mutate();
  }

  return (
    <Dialog open={open} onClose={close} title={t("deleteTitle")}>
      <form onSubmit={submit} className="space-y-4">
        <p className="text-sm text-slate-700">{t("deleteIrreversible")}</p>
        <p className="text-sm text-slate-700">{keptOpenOrders()}</p>
        {/* As tall as the field it waits for: the dialog is centred, and growing when the answer comes would move
            'Cancelar' from under a finger (or a click) already on its way. */}
        <div className="min-h-[4.375rem]">
          {confirmation.isPending ? (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
              <Spinner className="size-4" /> {t("loading")}
            </p>
          ) : confirmation.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {confirmation.error.message}
            </p>
          ) : (
            <div>
              <label htmlFor={fieldId} className="text-sm font-medium text-slate-700">
                {confirmWith === "email" ? t("confirmWithEmail", { email }) : t("confirmWithPassword")}
              </label>
              <input
                id={fieldId}
                type={confirmWith === "email" ? "email" : "password"}
                autoComplete={confirmWith === "email" ? "off" : "current-password"}
                required
                value={secret}
                onChange={(e) => {
                  setSecret(e.target.value);
                  if (error) setError(null);
                }}
                disabled={remove.isPending}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 aria-invalid:border-red-500"
              />
            </div>
          )}
        </div>
        {error && (
          <p id={errorId} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={remove.isPending}>
            {t("cancel")}
          </Button>
          <Button type="submit" variant="danger" busy={remove.isPending} disabled={!confirmWith}>
            {t("deleteMyAccount")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
