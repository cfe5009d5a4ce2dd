import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useParams } from "@tanstack/react-router";
import { type KeyboardEvent, useEffect, useState } from "react";
import toast from "react-hot-toast";
import type { BatchView } from "../../../common/batches";
import { formatPriceField } from "../../../common/price";
import type { StoreMoney } from "../../../common/store-money";
import { useStoreMoney } from "../../lib/store-money";
import type { Product } from "../../../common/product";
import { storePath } from "../../../common/store";
import type { User } from "../../../common/user";
import { api, unwrap } from "../../lib/api";
import { productsQuery } from "../../lib/queries";
import { useSession } from "../../lib/session";
import { Button } from "../../ui/button";
import { FullPageSpinner, Spinner } from "../../ui/spinner";
import { useUnsavedChanges } from "../../ui/unsaved-changes";
import { batchQuery } from "./batch-api";
import { cellId, PricingRow } from "./pricing-row";
import {
  draftItem,
  fillDown,
  GRID_FIELDS,
  type GridField,
  type GridRow,
  publishItem,
  type RowLeft,
  rowErrors,
  rowPicture,
  rowsLeft,
  typedStock,
  typingErrors,
} from "./pricing-rows";
import { errorTexts, leftLabel } from "./grid-texts";
import { t } from "./texts";

/**
 * /lote/$id/precios: the batch's products as a grid, priced row after row, then 'Publicar todos' (or
 * 'Guardar borrador', which keeps prices, sizes and stock and publishes nothing). The names
 * are the ones the Worker drafted from the photos: the grid waits for them, so what it shows is what is
 * published.
 */
export function BatchPricingScreen() {
  const { id } = useParams({ from: "/signed-in/lote/$id/precios" });
  const { user } = useSession();
  const batch = useQuery(batchQuery(id));
  const products = useQuery({ ...productsQuery(user?.id ?? ""), enabled: !!user });
  if (!user || batch.isPending || products.isPending) return <FullPageSpinner />;
  if (batch.isError || products.isError)
    return (
      <p role="alert" className="mx-auto max-w-xl rounded-2xl bg-red-50 p-6 text-center text-red-800">
        {(batch.error ?? products.error)?.message}
      </p>
    );
  if (batch.data.naming > 0) return <Naming batch={batch.data} />;
  return <Grid user={user} batch={batch.data} products={products.data} />;
}

/** While names are still being drafted from the photos: the grid opens with them, not before. */
function Naming({ batch }: { batch: BatchView }) {
  const named = batch.items.filter((item) => item.productId && !item.naming).length;
  const total = named + batch.naming;
  return (
    <div className="mx-auto max-w-xl space-y-3 rounded-2xl border border-slate-200 bg-white p-6 text-center">
      <h1 className="text-2xl font-bold">{t("pricingTitle")}</h1>
      <p role="status" className="flex items-center justify-center gap-2 text-slate-700">
        <Spinner className="size-5" /> {t("naming", { named: String(named), total: String(total) })}
      </p>
    </div>
  );
}

/** The grid's rows: the name each picture's product has now (from the batch), its price, sizes and stock. */
function rowsOf(batch: BatchView, products: readonly Product[], money: StoreMoney): GridRow[] {
  const byId = new Map(products.map((p) => [p.id, p]));
  return batch.items.flatMap((item) => {
    const product = item.productId ? byId.get(item.productId) : undefined;
    if (!product) return [];
    return [
      {
        id: product.id,
        photoUrl: rowPicture(product, item.imageUrl),
        name: item.productName ?? product.name,
        price: formatPriceField(product.price, money),
        sizes: product.sizes.map((s) => s.name).join(", "),
        stock: typedStock(product.sizes.map((s) => s.stock)),
      },
    ];
  });
}

/** The first field of a row left that needs something. */
const firstProblem = (row: RowLeft) => ({ row: row.index, field: GRID_FIELDS.find((field) => row.errors[field])! });

const sameRow = (a: GridRow, b: GridRow | undefined) => !!b && GRID_FIELDS.every((field) => a[field] === b[field]);

function Grid({ user, batch, products }: { user: User; batch: BatchView; products: Product[] }) {
  const queryClient = useQueryClient();
  const money = useStoreMoney();
  // What the Worker holds for each row: the loaded rows, then what a draft saved.
  const [initial, setInitial] = useState(() => new Map(rowsOf(batch, products, money).map((row) => [row.id, row])));
  const [rows, setRows] = useState(() => [...initial.values()]);
  // Cells the seller typed in: their mistakes are said as they type, not only on publishing.
  const [typed, setTyped] = useState<ReadonlySet<string>>(new Set());
  const [draftTried, setDraftTried] = useState(false);
  const [published, setPublished] = useState(0);
  const [checked, setChecked] = useState(false);
  // After 'Publicar todos' with rows left: how many went then; the rows left are read live as the seller fixes them.
  const [publishedLast, setPublishedLast] = useState<number | null>(null);
  const [focusOn, setFocusOn] = useState<{ row: number; field: GridField } | null>(null);
  const unsaved = rows.filter((row) => !sameRow(row, initial.get(row.id)));
  const errors = rows.map((row) => rowErrors(row, money));
  // Pictures still being made when the grid opened show as they arrive: read from the batch on each render.
  const pictures = new Map(rowsOf(batch, products, money).map((row) => [row.id, row.photoUrl]));
  const liveErrors = rows.map((row) => typingErrors(row, money));
  const shownErrors = (index: number) => {
    if (checked) return errors[index]!;
    const live = liveErrors[index]!;
    const id = rows[index]!.id;
    return Object.fromEntries(Object.entries(live).filter(([field]) => draftTried || typed.has(`${id}:${field}`)));
  };

  const draft = useMutation({
    mutationFn: async (sent: GridRow[]) =>
      unwrap(api.products["update-pricing"].$post({ json: { products: sent.map(draftItem) } }), t("draftFallback")),
    onSuccess: (_, sent) => {
      void queryClient.invalidateQueries({ queryKey: ["products"] });
      setInitial((prev) => new Map([...prev, ...sent.map((row) => [row.id, row] as const)]));
      toast.success(t("draftSaved"));
    },
    onError: (err) => toast.error(err.message),
  });

  /** 'Guardar borrador': every row's prices, sizes and stock, none published; `false` when a field must be fixed first. */
  async function saveDraft(): Promise<boolean> {
    setDraftTried(true);
    const wrong = liveErrors.findIndex((row) => Object.keys(row).length > 0);
    if (wrong >= 0) {
      toast.error(t("draftBlocked"));
      setFocusOn({ row: wrong, field: GRID_FIELDS.find((field) => liveErrors[wrong]![field])! });
      return false;
    }
    if (unsaved.length === 0) {
      toast.success(t("draftUpToDate"));
      return true;
    }
    await draft.mutateAsync(unsaved);
    return true;
  }

  const leaving = useUnsavedChanges(unsaved.length > 0, { label: t("saveDraftAndLeave"), run: saveDraft });
  const left = publishedLast === null ? [] : rowsLeft(rows, money);

  const publish = useMutation({
    mutationFn: async (ready: GridRow[]) =>
      unwrap(api.products["update-pricing"].$post({ json: { products: ready.map(publishItem) } }), t("publishFallback")),
    onSuccess: (_, ready) => {
      void queryClient.invalidateQueries({ queryKey: ["products"] });
      toast.success(t("publishedToast", { count: ready.length }));
      const readyIds = new Set(ready.map((row) => row.id));
      const notReady = (row: GridRow) => !readyIds.has(row.id);
      const rest = rows.filter(notReady);
      if (rest.length === 0) leaving.saved();
      setPublished((n) => n + ready.length);
      // Edits typed in the other rows while it was sent are kept.
      setRows((prev) => prev.filter(notReady));
      takeToLeft(ready.length, rowsLeft(rest, money));
    },
    onError: (err) => toast.error(err.message),
  });

  // The first row left gets the focus (and the screen scrolls to it) once the grid shows it.
  useEffect(() => {
    if (!focusOn) return;
    const field = document.getElementById(cellId(focusOn.row, focusOn.field));
    field?.scrollIntoView({ block: "center" });
    field?.focus({ preventScroll: true });
    setFocusOn(null);
  }, [focusOn]);

  function takeToLeft(publishedNow: number, stillLeft: RowLeft[]) {
    setPublishedLast(publishedNow);
    if (stillLeft[0]) setFocusOn(firstProblem(stillLeft[0]));
  }

  /** 'Publicar todos': what is ready goes now; the rest stays here, said by row, with the focus on the first. */
  function publishReady() {
    setChecked(true);
    const stillLeft = rowsLeft(rows, money);
    const waiting = new Set(stillLeft.map((row) => row.index));
    const ready = rows.filter((_, index) => !waiting.has(index));
    if (ready.length > 0) publish.mutate(ready);
    else takeToLeft(0, stillLeft);
  }

  function edit(index: number, field: GridField, value: string) {
    const id = rows[index]?.id;
    if (id) setTyped((prev) => (prev.has(`${id}:${field}`) ? prev : new Set(prev).add(`${id}:${field}`)));
    setRows((prev) => prev.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
  }

  /** Enter (the phone keyboard's 'Siguiente') moves down the column, Shift+Enter up; Ctrl+D fills sizes and stock down. */
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>, index: number, field: GridField) {
    if (event.key === "Enter") {
      event.preventDefault();
      const next = index + (event.shiftKey ? -1 : 1);
      document.getElementById(cellId(next, field))?.focus();
    } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "d" && (field === "sizes" || field === "stock")) {
      event.preventDefault();
      setRows((prev) => fillDown(prev, index));
    }
  }

  if (rows.length === 0 && published > 0)
    return (
      <div className="mx-auto max-w-xl space-y-4 rounded-2xl border border-green-200 bg-green-50 p-6 text-center">
        <h1 className="text-2xl font-bold text-green-900">{t("allDone")}</h1>
        <p className="text-green-900">{t("publishedInStore", { count: published })}</p>
        {user.username ? (
          <a href={storePath(user.username)} className="inline-flex rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white">
            {t("viewMyStore")}
          </a>
        ) : (
          <Link to="/mi-tienda" className="inline-flex rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white">
            {t("createMyStore")}
          </Link>
        )}
      </div>
    );

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold">{t("pricingTitle")}</h1>
        {/* The keys are spoken of only where a mouse points (a computer, with its keyboard); a phone gets taps. */}
        <p className="text-slate-600">{t("gridHelp")}</p>
        <p className="hidden text-slate-600 pointer-fine:block" data-testid="grid-help-keyboard">
          {t("gridHelpKeyboard")}
        </p>
        <p className="text-slate-600 pointer-fine:hidden" data-testid="grid-help-touch">
          {t("gridHelpTouch")}
        </p>
        {published > 0 && <p className="font-medium text-green-800">{t("alreadyPublished", { count: published })}</p>}
      </header>
      {rows.length === 0 ? (
        <p className="rounded-2xl bg-white p-6 text-center text-slate-700">{t("productsGone")}</p>
      ) : (
        <ol className="space-y-3" aria-label={t("batchProducts")}>
          {rows.map((row, index) => (
            <PricingRow
              key={row.id}
              row={{ ...row, photoUrl: pictures.get(row.id) ?? row.photoUrl }}
              index={index}
              errors={errorTexts(shownErrors(index), money)}
              onEdit={(field, value) => edit(index, field, value)}
              onKeyDown={(event, field) => onKeyDown(event, index, field)}
              onFillDown={index > 0 ? () => setRows((prev) => fillDown(prev, index)) : undefined}
            />
          ))}
        </ol>
      )}
      {rows.length > 0 && (
        <div data-sticky-actions className="sticky bottom-0 space-y-2 border-t border-slate-200 bg-slate-50/95 py-3">
          {publishedLast !== null && left[0] && (
            <div role="alert" className="flex flex-wrap items-center gap-x-2 text-sm text-red-800" data-testid="grid-left">
              <p>{leftLabel(publishedLast, left)}</p>
              <Button variant="ghost" className="min-h-11" onClick={() => setFocusOn(firstProblem(left[0]!))}>
                {t("goToRow", { row: String(left[0].index + 1) })}
              </Button>
            </div>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="secondary"
              className="min-h-11"
              busy={draft.isPending}
              disabled={publish.isPending}
              onClick={() => void saveDraft().catch(() => undefined)}
            >
              {t("saveDraft")}
            </Button>
            <Button className="min-h-11" busy={publish.isPending} disabled={draft.isPending} onClick={publishReady}>
              {t("publishAll")}
            </Button>
          </div>
        </div>
      )}
      {leaving.prompt}
    </div>
  );
}
