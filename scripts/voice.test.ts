import { describe, expect, it } from "vitest";
import { voiceFindings, voiceProblems } from "./voice";

describe("one voice: tú, no voseo", () => {
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
    ]) {
      expect(voiceProblems(tu), tu).toEqual([]);
    }
  });

  it("no user-facing string under web/, worker/ or common/ uses voseo or 'imagen(es)'", () => {
    expect(voiceFindings()).toEqual([]);
    // Reads a few hundred files: a shared CI box may need well over the default 5 s.
  }, 120_000);
});
