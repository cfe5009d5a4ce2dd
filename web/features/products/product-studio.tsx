import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import toast from "react-hot-toast";
import { creditsFor, generationFor, hasPersonalization, INITIAL_VIEW_MODE, type Quality, type ViewMode } from "../../../common/generation";
import type { Product } from "../../../common/product";
import type { User } from "../../../common/user";
import { audienceOfGeneration } from "../../../common/store-models";
import { ApiFailure } from "../../lib/api";
import { appConfigQuery, useAppConfig } from "../../lib/config";
import { useGenerate } from "../../lib/generation";
import { productsQuery, sessionQuery } from "../../lib/queries";
import { AddProductDialog } from "./add-product-dialog";
import { EditProductDialog } from "./edit-product-dialog";
import { useDownload } from "../../ui/gallery-download-button";
import { generateAction } from "./generate-button";
import { useOptionalNavigate } from "../../lib/route-links";
import { ProductDrawer } from "./product-drawer";
import { ProductList } from "./product-list";
import { ResultDialog, type GenerationRun } from "./result-dialog";
import { imagesText } from "./amounts";
import { t } from "./texts";

/** Spec section 8, "Generation": the first try and 'Regenerar' speak differently. */
const generationToasts = (again: boolean) =>
  again
    ? { ok: t("regeneratedOk"), failed: t("regenerateFailed"), missing: t("regeneratedMissing") }
    : { ok: t("generatedOk"), failed: t("generateFailed"), missing: t("generatedMissing") };

/** A toast with a title and the server's explanation underneath. */
function errorToast(title: string, description: string) {
  toast.error(
    <span>
      <strong className="block">{title}</strong>
      <span className="text-sm text-slate-600">{description}</span>
    </span>,
  );
}

interface Run extends GenerationRun {
  token: number;
  mode: ViewMode;
  quality: Quality;
}

/**
 * The products list with everything a card leads to: the drawer, the
 * generation and its result, editing, and the add-with-AI dialog. The view
 * mode lives here so it survives from the drawer to 'Regenerar'.
 */
export function ProductStudio({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const products = useQuery(productsQuery(user.id));
  const generate = useGenerate();
  const navigateIfExists = useOptionalNavigate();
  const offer = useAppConfig().config.generation;

  const [addOpen, setAddOpen] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [editOpen, setEditOpen] = useState(false);
  const [newOpen, setNewOpen] = useState(false);
  const [mode, setMode] = useState<ViewMode>(INITIAL_VIEW_MODE);
  const [chosenQuality, setQuality] = useState<Quality>("standard");
  // Pro where this site cannot make 2K is never asked for, even if chosen before the configuration arrived.
  const quality: Quality = offer.pro.available ? chosenQuality : "standard";
  const [run, setRun] = useState<Run | null>(null);
  const downloader = useDownload();
  // A run closed before it finished must not write into the next one's dialog.
  const currentToken = useRef(0);

  const selected = products.data?.find((p) => p.id === selectedId) ?? null;

  function recharge() {
    toast.error(t("noImagesLeft"));
    navigateIfExists("/credits");
  }

  async function start(product: Product, runMode: ViewMode, runQuality: Quality, again: boolean) {
    const action = generateAction({ hasImage: !!product.imageUrl, credits: user.credits, quality: runQuality });
    if (action.kind === "recharge") return recharge();
    if (action.kind === "missing-image") return;
    const messages = generationToasts(again);
    const token = ++currentToken.current;
    const update = (patch: Partial<Run>) => setRun((r) => (r && r.token === token ? { ...r, ...patch } : r));

    setDrawerOpen(false);
    setRun({ token, product, mode: runMode, quality: runQuality, status: "running", startedAt: Date.now() });
    try {
      const result = await generate.mutateAsync({
        kind: generationFor(runMode),
        productId: product.id,
        includeModel: runMode.includeModel,
        personalization: runMode.personalization ?? undefined,
        quality: runQuality,
      });
      if (!result.imageUrl) {
        toast.error(messages.missing);
        update({ status: "failed", error: messages.missing });
        return;
      }
      toast.success(messages.ok);
      update({ status: "done", imageUrl: result.imageUrl, imageId: result.imageId });
    } catch (err) {
      const message = err instanceof Error && err.message ? err.message : t("unexpected");
      if (err instanceof ApiFailure && err.status === 202) {
        // Still running on the server: not a failure, it will land in the gallery.
        toast(message, { duration: 6000 });
        update({ status: "background", error: message });
        return;
      }
      if (err instanceof ApiFailure && err.status === 402) {
        // The server knows the balance better than this tab does.
        void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
        toast.error(t("noImagesLeft"));
      } else {
        // 422: the site's providers cannot make it (refused before any debit). The configuration changed
        // since this tab read it; read it again so the drawer offers what is really there.
        if (err instanceof ApiFailure && err.status === 422) void queryClient.invalidateQueries({ queryKey: appConfigQuery.queryKey });
        errorToast(messages.failed, message);
      }
      update({ status: "failed", error: message });
    }
  }

  function closeResult() {
    currentToken.current++;
    setRun(null);
    // Spec section 4: closing the result starts the next generation from scratch.
    setMode(INITIAL_VIEW_MODE);
    setQuality("standard");
  }

  return (
    <>
      <ProductList
        userId={user.id}
        onAdd={() => setAddOpen(true)}
        onAddWithoutAI={() => setNewOpen(true)}
        onOpen={(product) => {
          setSelectedId(product.id);
          setDrawerOpen(true);
        }}
      />
      <ProductDrawer
        product={selected}
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        mode={mode}
        onModeChange={setMode}
        quality={quality}
        onQualityChange={setQuality}
        offer={offer}
        credits={user.credits}
        onGenerate={() => selected && void start(selected, mode, quality, false)}
        onRecharge={recharge}
        onEdit={() => setEditOpen(true)}
      />
      <EditProductDialog
        product={selected}
        userId={user.id}
        open={editOpen}
        onClose={() => setEditOpen(false)}
        onDeleted={() => {
          setEditOpen(false);
          setDrawerOpen(false);
          setSelectedId(null);
        }}
      />
      <EditProductDialog
        mode="add"
        product={null}
        userId={user.id}
        open={newOpen}
        onClose={() => setNewOpen(false)}
        onDeleted={() => setNewOpen(false)}
      />
      <ResultDialog
        run={run}
        onClose={closeResult}
        personalized={hasPersonalization(run?.mode.personalization)}
        onRegenerate={() => run && void start(run.product, run.mode, run.quality, true)}
        regenerateCost={imagesText(creditsFor(run?.quality ?? quality))}
        onDownload={() => run?.imageUrl && void downloader.download(run.imageUrl, run.product.name)}
        downloading={downloader.busy}
        storeModelAudience={run ? audienceOfGeneration(generationFor(run.mode), true) : null}
        // Only into the run that was modified: one closed meanwhile must not write into the next.
        onModified={(result) =>
          setRun((r) => (r && r.token === run?.token ? { ...r, imageUrl: result.imageUrl, imageId: result.imageId } : r))
        }
      />
      <AddProductDialog open={addOpen} onClose={() => setAddOpen(false)} />
    </>
  );
}
