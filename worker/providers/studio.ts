/**
 * The offline image provider used by `npm run dev` and the tests: instead of calling a paid model it turns the
 * seller's photo into a studio catalogue shot inside the Worker — trims the background margin, corrects
 * exposure, and places the product on a lit 4:5 backdrop with soft shadows. Same request, same bytes.
 */
import { decodeImage, encodeJpeg, ImageCodecError, resizeImage, resizeToFit, WEB_JPEG_QUALITY, type RgbaImage } from "./codecs";
import { bleedEdgeColours, paintBackdrop, placeProduct, toGrayscale } from "./studio-compose";
import { correctExposure } from "./studio-exposure";
import { studioLook, type StudioLook } from "./studio-look";
import { inStudioSlot, letOthersRun } from "./studio-slots";
import { castShadows } from "./studio-shadows";
import { backdropLuma, estimateBackdrop } from "./studio-backdrop";
import { productBounds, productMask, type Rect } from "./studio-trim";
import { ProviderRefusal, type GeneratedImage, type GenerationRequest, type ImageProvider } from "./types";

/** Finding the product does not need full resolution; this keeps it to a fraction of the work. */
const ANALYSIS_SIZE = 480;

export class StudioProvider implements ImageProvider {
  readonly name = "studio";

  /** At most STUDIO_SLOTS pictures at once per isolate; the job makes each picture inside a slot. */
  admit<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    return inStudioSlot(work, signal);
  }

  async generate(request: GenerationRequest, signal?: AbortSignal): Promise<GeneratedImage> {
    // A photo the pipeline cannot read will never work: a refusal, not retried, with the reason for the seller.
    const photo = await decodeImage(request.source.bytes).catch((error: unknown) => {
      throw error instanceof ImageCodecError ? new ProviderRefusal(`${error.message} Te devolvimos los créditos.`) : error;
    });
    signal?.throwIfAborted();
    const picture = await renderStudioPicture(photo, studioLook(request));
    signal?.throwIfAborted();
    await letOthersRun();
    return { bytes: await encodeJpeg(picture, WEB_JPEG_QUALITY), mimeType: "image/jpeg", webReady: true };
  }
}

/**
 * The steps of one picture, each a stretch of CPU on the isolate's one thread, with a turn for everything else
 * between them. Run whole, a picture kept that thread for a second or more (several under load), and with the
 * slots taking turns the thread stayed busy for the whole batch: locally, where the Worker, its Durable
 * Objects and the assets share one workerd thread, every request (even a static file) waited behind the
 * batch, tens of seconds each.
 */
async function renderStudioPicture(photo: RgbaImage, look: StudioLook): Promise<RgbaImage> {
  await letOthersRun();
  const analysis = resizeToFit(photo, ANALYSIS_SIZE, ANALYSIS_SIZE);
  const found = estimateBackdrop(analysis);
  const bounds = productBounds(analysis, found);
  // Nothing stands out (a close-up of the fabric, say): the whole photo is the product.
  const backdrop = bounds ? found : { ...found, kind: "none" as const };
  const box = bounds ?? { x: 0, y: 0, width: analysis.width, height: analysis.height };
  const crop = clampRect(scaleRect(box, photo.width / analysis.width, photo.height / analysis.height), photo);
  await letOthersRun();

  const fit = Math.min((look.width * look.frame.widthShare) / crop.width, (look.height * look.frame.heightShare) / crop.height);
  const product = resizeImage(photo, Math.max(1, Math.round(crop.width * fit)), Math.max(1, Math.round(crop.height * fit)), crop);
  await letOthersRun();
  const rows = { from: box.y / analysis.height, to: (box.y + box.height) / analysis.height };
  const mask = productMask(product, backdrop, rows, look.dropShadows);
  await letOthersRun();
  bleedEdgeColours(product, mask);
  correctExposure(product, mask, backdrop.kind === "plain" ? backdropLuma(backdrop) : null, look);
  await letOthersRun();

  const canvas = paintBackdrop(look);
  await letOthersRun();
  const placement = {
    left: Math.round((look.width - product.width) / 2),
    top: Math.round(look.height * look.frame.centreY - product.height / 2),
    width: product.width,
    height: product.height,
  };
  castShadows(canvas, mask, placement);
  await letOthersRun();
  placeProduct(canvas, product, mask, placement);
  await letOthersRun();
  if (look.grayscale) toGrayscale(canvas);
  return canvas;
}

/** A box found on the small analysis copy, in the full photo's pixels (rounded outward). */
function scaleRect(rect: Rect, scaleX: number, scaleY: number): Rect {
  const x = Math.floor(rect.x * scaleX);
  const y = Math.floor(rect.y * scaleY);
  return { x, y, width: Math.ceil((rect.x + rect.width) * scaleX) - x, height: Math.ceil((rect.y + rect.height) * scaleY) - y };
}

function clampRect(rect: Rect, image: RgbaImage): Rect {
  const x = Math.max(0, Math.min(image.width - 1, rect.x));
  const y = Math.max(0, Math.min(image.height - 1, rect.y));
  return { x, y, width: Math.min(image.width - x, rect.width), height: Math.min(image.height - y, rect.height) };
}
