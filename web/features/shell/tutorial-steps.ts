/** The four-step tutorial (spec section 2) and its once-per-browser flag in local storage. */

export const TUTORIAL_SEEN_KEY = "vidriera-tutorial-visto";

export interface TutorialStep {
  title: string;
  text: string;
}

export const TUTORIAL_STEPS: readonly TutorialStep[] = [
  {
    title: "Subí la foto de tu producto",
    text: "Tocá 'Añadir Producto' y elegí una foto de la galería o sacala con la cámara. Alcanza con una foto simple hecha con el celular.",
  },
  {
    title: "Elegí cómo la querés",
    text: "Tocá tu producto y elegí vista de frente o de espalda, para quién es (Bebé, Niño, Niña o Adulto) y si va la prenda sola o en conjunto.",
  },
  {
    title: "Generá tu imagen",
    text: "Tocá 'Generar 1 imagen' y en segundos tenés tu foto de catálogo. Cada foto usa una de tus imágenes disponibles.",
  },
  {
    title: "Descargala y vendé",
    text: "En 'Imágenes' encontrás todas tus fotos para descargarlas o modificarlas. Publicalas en tu tienda virtual y recibí pedidos por WhatsApp.",
  },
];

/** What the button says on a step, and where it leads: the last one closes and starts over. */
export function tutorialAdvance(step: number): { label: "Siguiente" | "Entendido"; next: number; closes: boolean } {
  const last = step >= TUTORIAL_STEPS.length - 1;
  return last ? { label: "Entendido", next: 0, closes: true } : { label: "Siguiente", next: step + 1, closes: false };
}

type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;

export function tutorialSeen(storage: Storage): boolean {
  try {
    return storage.getItem(TUTORIAL_SEEN_KEY) !== null;
  } catch {
    // Blocked storage: better not to show it on every visit.
    return true;
  }
}

export function markTutorialSeen(storage: Storage) {
  try {
    storage.setItem(TUTORIAL_SEEN_KEY, "1");
  } catch {
    // Nothing to keep it in; it shows once per visit instead.
  }
}
