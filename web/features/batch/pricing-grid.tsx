import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useParams } from "@tanstack/react-router";
import { type KeyboardEvent, useState } from "react";
import toast from "react-hot-toast";
import type { BatchView } from "../../../common/batches";
import { formatPriceField } from "../../../common/price";
import type { StoreMoney } from "../../../common/store-money";
import { pricePreviewIn, useStoreMoney } from "../../lib/store-money";
import type { Product } from "../../../common/product";
import { storePath } from "../../../common/store";
import type { User } from "../../../common/user";
import { api, unwrap } from "../../lib/api";
import { productsQuery } from "../../lib/queries";
import { useSession } from "../../lib/session";
import { Button } from "../../ui/button";
import { ProductImage } from "../../ui/product-image";
import { FullPageSpinner } from "../../ui/spinner";
import { batchQuery } from "./batch-api";
import { fillDown, type GridRow, publishItem, type RowErrors, rowErrors } from "./pricing-rows";

const COLUMNS = ["name", "price", "sizes", "stock"] as const;
type Column = (typeof COLUMNS)[number];
const LABELS: Record<Column, string> = { name: "Nombre", price: "Precio", sizes: "Talles", stock: "Stock por talle" };
const HINTS: Partial<Record<Column, string>> = { price: "Por ejemplo 12.500", sizes: "Separados por comas: S, M, L" };
const PUBLISH_FALLBACK = "No se pudieron publicar los productos.";

/** /lote/$id/precios: the batch's products as a grid, priced row after row, then 'Publicar todos'. */
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
  return <Grid user={user} batch={batch.data} products={products.data} />;
}

function rowsOf(batch: BatchView, products: readonly Product[], money: StoreMoney): GridRow[] {
  const byId = new Map(products.map((p) => [p.id, p]));
  return batch.items.flatMap((item) => {
    const product = item.productId ? byId.get(item.productId) : undefined;
    if (!product) return [];
    return [
      {
        id: product.id,
        photoUrl: item.imageUrl ?? product.imageUrl,
        name: product.name,
        price: formatPriceField(product.price, money),
        sizes: product.sizes.map((s) => s.name).join(", "),
        stock: product.sizes[0] ? String(product.sizes[0].stock) : "",
      },
    ];
  });
}

function Grid({ user, batch, products }: { user: User; batch: BatchView; products: Product[] }) {
  const queryClient = useQueryClient();
  const money = useStoreMoney();
  const [rows, setRows] = useState(() => rowsOf(batch, products, money));
  const [checked, setChecked] = useState(false);
  const [published, setPublished] = useState<number | null>(null);
  const errors = rows.map((row) => rowErrors(row, money));
  const publish = useMutation({
    mutationFn: async () => unwrap(api.products["update-pricing"].$post({ json: { products: rows.map(publishItem) } }), PUBLISH_FALLBACK),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["products"] });
      setPublished(rows.length);
      toast.success(rows.length === 1 ? "¡Publicaste 1 producto!" : `¡Publicaste ${rows.length} productos!`);
    },
    onError: (err) => toast.error(err.message),
  });

  const edit = (index: number, column: Column, value: string) =>
    setRows((prev) => prev.map((row, i) => (i === index ? { ...row, [column]: value } : row)));

  /** Enter moves down the column (Shift+Enter up), as in a spreadsheet; Ctrl+D fills sizes and stock down. */
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>, index: number, column: Column) {
    if (event.key === "Enter") {
      event.preventDefault();
      const next = index + (event.shiftKey ? -1 : 1);
      document.getElementById(cellId(next, column))?.focus();
    } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "d" && (column === "sizes" || column === "stock")) {
      event.preventDefault();
      setRows((prev) => fillDown(prev, index));
    }
  }

  if (published !== null)
    return (
      <div className="mx-auto max-w-xl space-y-4 rounded-2xl border border-green-200 bg-green-50 p-6 text-center">
        <h1 className="text-2xl font-bold text-green-900">¡Listo!</h1>
        <p className="text-green-900">
          {published === 1 ? "Publicaste 1 producto en tu tienda." : `Publicaste ${published} productos en tu tienda.`}
        </p>
        {user.username ? (
          <a href={storePath(user.username)} className="inline-flex rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white">
            Ver mi tienda
          </a>
        ) : (
          <Link to="/mi-tienda" className="inline-flex rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white">
            Crear mi tienda
          </Link>
        )}
      </div>
    );

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold">Precios del lote</h1>
        <p className="text-slate-600">
          Revisa los nombres y escribe precio, talles y stock. Enter baja a la fila siguiente; «Igual que arriba» (o Ctrl+D) copia los
          talles y el stock de la fila de arriba.
        </p>
      </header>
      {rows.length === 0 ? (
        <p className="rounded-2xl bg-white p-6 text-center text-slate-700">Los productos de este lote ya no existen.</p>
      ) : (
        <ol className="space-y-3" aria-label="Productos del lote">
          {rows.map((row, index) => (
            <PricingRow
              key={row.id}
              row={row}
              index={index}
              errors={checked ? errors[index]! : {}}
              onEdit={(column, value) => edit(index, column, value)}
              onKeyDown={(event, column) => onKeyDown(event, index, column)}
              onFillDown={index > 0 ? () => setRows((prev) => fillDown(prev, index)) : undefined}
            />
          ))}
        </ol>
      )}
      {rows.length > 0 && (
        <div className="sticky bottom-0 flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 bg-slate-50/95 py-3">
          {checked && errors.some((e) => Object.keys(e).length > 0) && (
            <p role="alert" className="text-sm text-red-700">
              Corrige las filas marcadas para publicar.
            </p>
          )}
          <Button
            busy={publish.isPending}
            onClick={() => {
              setChecked(true);
              // A problem found: focus goes to the first field that has one, its message next to it.
              const row = errors.findIndex((e) => Object.keys(e).length > 0);
              const column = row >= 0 ? COLUMNS.find((c) => errors[row]![c]) : undefined;
              if (column) document.getElementById(cellId(row, column))?.focus();
              else publish.mutate();
            }}
          >
            Publicar todos
          </Button>
        </div>
      )}
    </div>
  );
}

const cellId = (row: number, column: Column) => `fila-${row}-${column}`;

function PricingRow({
  row,
  index,
  errors,
  onEdit,
  onKeyDown,
  onFillDown,
}: {
  row: GridRow;
  index: number;
  errors: RowErrors;
  onEdit: (column: Column, value: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>, column: Column) => void;
  onFillDown?: () => void;
}) {
  const money = useStoreMoney();
  return (
    <li className="grid grid-cols-[4rem_1fr] gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:grid-cols-[4rem_2fr_1fr_1fr_1fr_auto] sm:items-start">
      <ProductImage url={row.photoUrl} className="aspect-square w-16 rounded-lg" sizes="4rem" />
      <div className="contents">
        {COLUMNS.map((column) => {
          const id = cellId(index, column);
          const error = errors[column];
          const preview = column === "price" && !error ? pricePreviewIn(row.price, money) : null;
          return (
            <div key={column} className={column === "name" ? "col-span-1" : "col-span-2 sm:col-span-1"}>
              <label htmlFor={id} className="text-xs font-medium text-slate-600">
                {LABELS[column]}
              </label>
              <input
                id={id}
                value={row[column]}
                inputMode={column === "price" || column === "stock" ? "numeric" : undefined}
                placeholder={HINTS[column]}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => onEdit(column, event.target.value)}
                onKeyDown={(event) => onKeyDown(event, column)}
                className={`mt-0.5 min-h-11 w-full rounded-lg border px-3 text-sm ${error ? "border-red-500" : "border-slate-300"}`}
              />
              {error && (
                <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
                  {error}
                </p>
              )}
              {preview && <p className="mt-1 text-xs text-slate-500">{preview}</p>}
            </div>
          );
        })}
        <div className="col-span-2 sm:col-span-1 sm:pt-5">
          {onFillDown && (
            <Button variant="ghost" className="min-h-11 w-full text-xs sm:w-auto" onClick={onFillDown}>
              Igual que arriba
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}
