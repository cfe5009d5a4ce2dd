import { createElement } from "react";
import { renderToString } from "react-dom/server";
import toast, { useToasterStore } from "react-hot-toast";
import { describe, expect, it } from "vitest";

/**
 * The app's toasters (ui/toast-host.tsx) set no durations of their
 * own, so react-hot-toast's defaults are what sellers get. This pins them to
 * the spec (section 9): 4000 ms blank, error and custom; 2000 ms success;
 * loading until done; at most 20 at once. A library upgrade that changes them fails here.
 */
function snapshot() {
  let seen: { type: string; duration: number | undefined }[] = [];
  function Probe() {
    seen = useToasterStore().toasts.map((t) => ({ type: t.type, duration: t.duration }));
    return null;
  }
  renderToString(createElement(Probe));
  return seen;
}

describe("toasts as the spec sets them", () => {
  it("lasts 4 s for blank, error and custom, 2 s for success, and loading until done", () => {
    toast.remove();
    toast("Aviso");
    toast.error("Error");
    toast.custom("Propio");
    toast.success("Listo");
    toast.loading("Cargando");
    const durations = Object.fromEntries(snapshot().map((t) => [t.type, t.duration]));
    expect(durations).toEqual({ blank: 4000, error: 4000, custom: 4000, success: 2000, loading: Infinity });
  });

  it("keeps at most 20 at once, the newest first", () => {
    toast.remove();
    for (let i = 1; i <= 25; i++) toast(`Aviso ${i}`);
    const shown = snapshot();
    expect(shown).toHaveLength(20);
  });
});
