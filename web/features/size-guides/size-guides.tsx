import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import toast from "react-hot-toast";
import type { SizeGuide } from "../../../common/size-guides";
import { countryLocaleOf } from "../../../common/store-locale";
import { api, unwrap } from "../../lib/api";
import { productsQuery } from "../../lib/queries";
import { useSession } from "../../lib/session";
import { Button } from "../../ui/button";
import { Spinner } from "../../ui/spinner";
import { type GuideDraft, GuideEditor, newDraft } from "./guide-editor";
import { t } from "./texts";

const guidesQuery = queryOptions({
  queryKey: ["size-guides"],
  queryFn: async () => (await unwrap(api["size-guides"].$get(), t("loadFailed"))).guides,
});

/** /guias-de-talles: the store's size guides, each shown beside the sizes of a category's or a product's page. */
export function SizeGuidesScreen() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const guides = useQuery(guidesQuery);
  const products = useQuery({ ...productsQuery(user?.id ?? ""), enabled: Boolean(user) });
  const [editing, setEditing] = useState<SizeGuide | "new" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async (draft: GuideDraft) => {
      const json = { ...draft, note: draft.note || null };
      const failed = t("saveFailed");
      if (editing && editing !== "new")
        return (await unwrap(api["size-guides"][":id"].$put({ param: { id: editing.id }, json }), failed)).guide;
      return (await unwrap(api["size-guides"].$post({ json }), failed)).guide;
    },
    onSuccess: (guide) => {
      void queryClient.invalidateQueries({ queryKey: guidesQuery.queryKey });
      toast.success(t("saved", { title: guide.title }));
      setEditing(null);
      setError(null);
    },
    onError: (err) => setError(err.message),
  });
  const remove = useMutation({
    mutationFn: async (guide: SizeGuide) => {
      await unwrap(api["size-guides"][":id"].$delete({ param: { id: guide.id } }), t("deleteFailed"));
      return guide;
    },
    onSuccess: (guide) => {
      void queryClient.invalidateQueries({ queryKey: guidesQuery.queryKey });
      toast.success(t("deleted", { title: guide.title }));
    },
    onError: (err) => toast.error(err.message),
  });
  if (!user) return null;
  const sizeWord = countryLocaleOf(user.countryCode).sizesWord ?? "talla";
  const talle = sizeWord === "talle";
  const productList = products.data ?? [];
  const nameOf = (guide: SizeGuide) =>
    "category" in guide.scope
      ? t("categoryScope", { category: guide.scope.category })
      : (productList.find((p) => "productId" in guide.scope && p.id === guide.scope.productId)?.name ?? t("oneProduct"));

  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <header>
        <Link to="/mi-tienda-admin" className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2">
          {t("backToStore")}
        </Link>
        <h1 className="text-2xl font-bold sm:text-3xl">{talle ? t("titleTalle") : t("titleTalla")}</h1>
        <p className="mt-1 text-slate-600">{talle ? t("introTalle") : t("introTalla")}</p>
      </header>

      {(guides.isPending || products.isPending) && (
        <p role="status" className="flex items-center gap-2 text-slate-600">
          <Spinner className="size-4 text-brand-600" /> {t("loading")}
        </p>
      )}
      {(guides.isError || products.isError) && (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
          <p className="font-semibold text-red-800">{guides.error?.message ?? products.error?.message}</p>
          <Button variant="secondary" className="mt-4" onClick={() => void Promise.all([guides.refetch(), products.refetch()])}>
            {t("retry")}
          </Button>
        </div>
      )}

      {editing ? (
        <GuideEditor
          initial={editing === "new" ? newDraft(productList) : editing}
          products={productList}
          sizeWord={sizeWord}
          busy={save.isPending}
          error={error}
          onSave={(draft) => save.mutate(draft)}
          onCancel={() => {
            setEditing(null);
            setError(null);
          }}
        />
      ) : (
        guides.isSuccess &&
        products.isSuccess && (
          <>
            {productList.length === 0 ? (
              <p className="rounded-2xl border-2 border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
                {t("noProducts")}
              </p>
            ) : (
              <Button className="min-h-11" onClick={() => setEditing("new")}>
                {t("newGuide")}
              </Button>
            )}
            {guides.data.length === 0 && productList.length > 0 && (
              <p className="rounded-2xl border-2 border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">{t("noGuides")}</p>
            )}
            <ul className="space-y-3">
              {guides.data.map((guide) => (
                <li key={guide.id} className="rounded-2xl border border-slate-200 bg-white p-4" data-testid="size-guide">
                  <p className="font-semibold">{guide.title}</p>
                  <p className="text-sm text-slate-600">
                    {t(talle ? "guideSummaryTalle" : "guideSummaryTalla", {
                      scope: nameOf(guide),
                      count: guide.rows.length,
                      measures: guide.measures.join(", "),
                      unit: guide.unit,
                    })}
                  </p>
                  <div className="mt-3 flex flex-wrap gap-2">
                    <Button variant="secondary" className="min-h-11" onClick={() => setEditing(guide)}>
                      {t("edit")}
                    </Button>
                    <Button
                      variant="ghost"
                      className="min-h-11 text-red-700"
                      busy={remove.isPending && remove.variables?.id === guide.id}
                      onClick={() => remove.mutate(guide)}
                    >
                      {t("delete")}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          </>
        )
      )}
    </div>
  );
}
