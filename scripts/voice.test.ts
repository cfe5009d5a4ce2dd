import { describe, expect, it } from "vitest";
import { voiceFindings, voiceProblems } from "./voice";

describe("one voice: tú, no voseo, ¡…! and ¿…?, real plurals, 'Agregar'", () => {
  it("recognises voseo and lazy plurals, and leaves tú and ordinary words alone", () => {
    for (const vos of [
      "Elegí tus productos",
      "¿Tenés dudas?",
      "Podés subir hasta 10",
      "Ingresá tu email",
      "Escribinos por WhatsApp",
      "Copialo a mano",
      "Subir 2 imagen(es)",
      "Atraé más clientes",
      "Revisá tu internet e intentá de nuevo",
      "el acuerdo es entre vos y tu cliente",
      // One voice beyond tú: opening marks, written-out plurals, one verb for adding.
      "Imagen generada con éxito!",
      "Olvidaste tu contraseña?",
      "¡Listo! Seguro?",
      "Pedido #{} confirmado!",
      "2 producto(s) sin precio",
      "Tienes 1 productos",
      "queda(n) 2",
      "Añadir talle",
      "Remera añadida a tu tienda",
    ]) {
      expect(voiceProblems(vos), vos).not.toEqual([]);
    }
    for (const tu of [
      "Elige tus productos",
      "¿Tienes dudas?",
      "Puedes subir hasta 10",
      "Escríbenos por WhatsApp",
      "¿Estás seguro?",
      "Subir 1 imagen",
      "Subir 2 imágenes",
      "Tu enlace va a cambiar: dejará de funcionar.",
      "Está activa, más o menos, en tu país: Bebé, Niño, Detrás",
      "Sí, eliminar",
      "¡Imagen generada con éxito!",
      "¿Olvidaste tu contraseña?",
      "Error: ¿seguro? ¡Listo!",
      "¡Pedido #{} confirmado!",
      "Tienes 1 producto y 11 productos",
      "/pago?payment={}",
      "^https?://",
      "a?.b ?? c",
      "<!doctype html>",
      "color: red !important",
      "Añadir Producto",
      "Añadir al carrito",
      "¡Producto «Remera» añadido al carrito!",
      "Agregar Talle",
    ]) {
      expect(voiceProblems(tu), tu).toEqual([]);
    }
  });

  it("reads a template as one text, so '¡' before a substitution opens the '!' after it", async () => {
    const { userTexts } = await import("./voice");
    // "$" and "{" apart: this is a file's source text, not a template of ours.
    const source = ["const t = `¡$", "{name} listo!`; const u = `$", "{n} imagen(es)`;"].join("");
    const texts = userTexts("x.ts", source).map((t) => t.text);
    expect(texts).toEqual(["¡{} listo!", "{} imagen(es)"]);
    expect(voiceProblems(texts[0]!)).toEqual([]);
    expect(voiceProblems(texts[1]!)).toEqual(["imagen(es)"]);
  });

  it("no user-facing string under web/, worker/ or common/ uses voseo, 'imagen(es)', a '!' without '¡' or 'Añadir' outside the spec's strings", () => {
    expect(voiceFindings()).toEqual([]);
    // Reads a few hundred files: a shared CI box may need well over the default 5 s.
  }, 120_000);
});
