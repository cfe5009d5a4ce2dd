import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import toast from "react-hot-toast";
import type { Product } from "../../../common/product";
import { isPriceSet, storePath } from "../../../common/store";
import { SUGGESTED_CATEGORIES } from "../../../common/store-browse";
import type { User } from "../../../common/user";
import { productsQuery } from "../../lib/queries";
import { useSession } from "../../lib/session";
import { Button } from "../../ui/button";
import { FullPageSpinner } from "../../ui/spinner";
import { useUnsavedChanges } from "../../ui/unsaved-changes";
import { PricingCard } from "./pricing-card";
import type { UnsavedProduct } from "./publish-button";
import { BackLink } from "./store-back-link";
import { StoreImagePicker } from "./store-image-picker";
import { useStoreMoney } from "../../lib/store-money";
import { draftOf, isDirty, pricingSummary, sizesProblem, toPricingItem, typedPrice, type ProductDraft } from "./store-drafts";
import { pricingSaveFallback, publishFallback, useUpdatePricing } from "./store-queries";
import { sellerPriceTip, useSellerExamples } from "./seller-examples";
import { t } from "./texts";

/** /product-pricing, 'Configurar Precios': prices, sizes, stock and store images of every product. */
export function ProductPricingScreen() {
  const { user } = useSession();
  if (!user) return null;
  return <Pricing user={user} />;
}

function Pricing({ user }: { user: User }) {
  const { sizes } = useSellerExamples();
  const products = useQuery(productsQuery(user.id));
  const [drafts, setDrafts] = useState<Record<string, ProductDraft>>({});
  const [picking, setPicking] = useState<Product | null>(null);
  const save = useUpdatePricing(user.id);
  const publishing = useUpdatePricing(user.id);

  const list = products.data ?? [];
  const money = useStoreMoney();
  const draftFor = (p: Product) => drafts[p.id] ?? draftOf(p, money);
  const change = (p: Product, next: Partial<ProductDraft>) => setDrafts((all) => ({ ...all, [p.id]: { ...draftFor(p), ...next } }));
  const dirty = (p: Product) => !!drafts[p.id] && isDirty(p, drafts[p.id]!, money);
  const changed = list.filter(dirty);
  const forget = (ids: string[]) =>
    setDrafts((all) => Object.fromEntries(Object.entries(all).filter(([id]) => !ids.includes(id))) as Record<string, ProductDraft>);
  const leaving = useUnsavedChanges(changed.length > 0);
  // Saved with a price and still drafts: shoppers do not see them yet.
  const waiting = list.filter((p) => !p.published && isPriceSet(p.price) && !dirty(p));

  function problemOf(p: Product): string | null {
    const problem = sizesProblem(drafts[p.id]!, sizes);
    return problem ? `${problem} (${p.name})` : null;
  }

  // Saving stays here: the store plan is offered in the store's admin, never as the result of a save.
  async function submit() {
    const problem = changed.map(problemOf).find(Boolean);
    if (problem) {
      toast.error(problem);
      return;
    }
    try {
      await save.mutateAsync(changed.map((p) => toPricingItem(p, drafts[p.id]!)));
      forget(changed.map((p) => p.id));
      toast.success(t("pricingSaved"));
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : pricingSaveFallback());
    }
  }

  /** 'Publicar' on a product with edits not saved: its edits and its publication in one request. */
  function unsavedOf(p: Product): UnsavedProduct | undefined {
    if (!dirty(p)) return undefined;
    return {
      priced: isPriceSet(typedPrice(drafts[p.id]!.price, money)),
      saveAndPublish: async () => {
        const problem = problemOf(p);
        if (problem) throw new Error(problem);
        await publishing.mutateAsync([{ ...toPricingItem(p, drafts[p.id]!), published: true }]);
        forget([p.id]);
      },
    };
  }

  async function publishWaiting() {
    try {
      await publishing.mutateAsync(waiting.map((p) => ({ ...toPricingItem(p, draftOf(p, money)), published: true })));
      toast.success(waiting.length === 1 ? t("productPublished") : t("productsPublished", { count: waiting.length }));
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : publishFallback());
    }
  }

  if (products.isPending) return <FullPageSpinner />;
  const summary = pricingSummary(list.map(draftFor), money);
  return (
    <div className="space-y-6 pb-24">
      {leaving.prompt}
      <div className="flex items-start gap-3">
        <BackLink to="/mi-tienda" />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold sm:text-3xl">{t("pricingTitle")}</h1>
          <p className="mt-1 text-slate-600">{t("pricingSubtitle", { sizes })}</p>
          {user.username && (
            <a
              href={storePath(user.username)}
              target="_blank"
              rel="noopener"
              className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2"
            >
              {t("seeMyStore")}
              <span className="sr-only"> {t("opensInNewTab")}</span>
            </a>
          )}
        </div>
      </div>

      {products.isError && (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
          <p className="font-semibold text-red-800">{t("productsLoadFailed")}</p>
          <Button variant="secondary" className="mt-4" busy={products.isFetching} onClick={() => void products.refetch()}>
            {t("retry")}
          </Button>
        </div>
      )}

      {products.isSuccess && list.length === 0 && (
        <div className="rounded-2xl border-2 border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <p className="text-lg font-semibold">{t("noProducts")}</p>
          <p className="mt-1 text-slate-600">{t("uploadToPrice")}</p>
          <Link
            to="/home"
            className="mt-5 inline-flex rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {t("goToProducts")}
          </Link>
        </div>
      )}

      {waiting.length > 0 && (
        <div
          role="status"
          className="flex flex-col gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center sm:justify-between"
        >
          <p>{t("waitingDrafts", { count: waiting.length })}</p>
          <Button busy={publishing.isPending} onClick={() => void publishWaiting()}>
            {t("publishWaiting", { count: waiting.length })}
          </Button>
        </div>
      )}

      {list.length > 0 && (
        <>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label={t("summary")}>
            <Tile label={t("sectionProducts")} value={summary.total} />
            <Tile label={t("withPrice")} value={summary.withPrice} />
            <Tile label={t("withSizes", { sizes })} value={summary.withSizes} />
            <Tile label={t("stockTotalTile")} value={summary.stock} />
          </dl>

          <div className="grid gap-6 xl:grid-cols-[1fr_18rem]">
            <ul className="grid gap-4 2xl:grid-cols-2">
              {list.map((product) => (
                <li key={product.id}>
                  <PricingCard
                    product={product}
                    draft={draftFor(product)}
                    dirty={dirty(product)}
                    onChange={(next) => change(product, next)}
                    onPickImages={() => setPicking(product)}
                    userId={user.id}
                    unsaved={unsavedOf(product)}
                  />
                </li>
              ))}
            </ul>
            <datalist id="categorias-sugeridas">
              {SUGGESTED_CATEGORIES.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
            <Tips />
          </div>
        </>
      )}

      {changed.length > 0 && (
        <div className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 p-3 backdrop-blur">
          <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-1">
            <p className="text-sm text-slate-600">{t("unsavedProducts", { count: changed.length })}</p>
            <Button busy={save.isPending} className="shrink-0 whitespace-nowrap" onClick={() => void submit()}>
              {t("saveChanges")}
            </Button>
          </div>
        </div>
      )}

      <StoreImagePicker
        product={picking}
        initial={picking ? draftFor(picking).storeImageURLs : []}
        onClose={() => setPicking(null)}
        onConfirm={(urls) => picking && change(picking, { storeImageURLs: urls })}
        confirmedMessage={t("selectionSaved")}
      />
    </div>
  );
}

function Tile({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold">{value}</dd>
    </div>
  );
}

function Tips() {
  const money = useStoreMoney();
  const { sizes } = useSellerExamples();
  const tip = sellerPriceTip(money);
  return (
    <aside aria-labelledby="pricing-tips" className="h-fit rounded-2xl border border-brand-100 bg-brand-50 p-5 text-sm text-brand-900">
      <h2 id="pricing-tips" className="mb-3 font-semibold">
        {t("tipsTitle")}
      </h2>
      <ul className="list-disc space-y-2 pl-5">
        <li>{t("tipPrices", { ...tip })}</li>
        <li>{t("tipStock", { sizes })}</li>
        <li>{t("tipOrders")}</li>
        <li>{t("tipCover")}</li>
      </ul>
    </aside>
  );
}
