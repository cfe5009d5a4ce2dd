import { describe, expect, it } from "vitest";
import { AGES, BODY_TYPES, GENDERS, SKIN_TONES } from "../../../common/generation";
import { personalizeGroups, togglePersonalization } from "./personalize-model";

describe("Personalizar Modelo", () => {
  it("offers exactly the spec's choices, mapped to the API's values", () => {
    expect(personalizeGroups().map((g) => g.title)).toEqual(["Género", "Edad", "Tono de Piel", "Tipo de Cuerpo"]);
    const labels = Object.fromEntries(personalizeGroups().map((g) => [g.key, g.options.map(([, label]) => label)]));
    expect(labels).toEqual({
      gender: ["Masculino", "Femenino"],
      age: ["Joven", "Adulto", "Mayor"],
      skinTone: ["Claro", "Medio", "Oscuro"],
      bodyType: ["Delgado", "Atlético", "Curvy"],
    });
    const values = Object.fromEntries(personalizeGroups().map((g) => [g.key, g.options.map(([value]) => value)]));
    expect(values).toEqual({ gender: [...GENDERS], age: [...AGES], skinTone: [...SKIN_TONES], bodyType: [...BODY_TYPES] });
  });

  it("selects a choice, replaces it with another of the same group, and clears it when tapped again", () => {
    let p = togglePersonalization(null, "gender", "female");
    expect(p).toEqual({ gender: "female" });
    p = togglePersonalization(p, "age", "senior");
    expect(p).toEqual({ gender: "female", age: "senior" });
    p = togglePersonalization(p, "gender", "male");
    expect(p).toEqual({ gender: "male", age: "senior" });
    p = togglePersonalization(p, "age", "senior");
    expect(p).toEqual({ gender: "male" });
  });

  it("is null once nothing is chosen, so 'no personalisation' has one shape", () => {
    expect(togglePersonalization({ bodyType: "curvy" }, "bodyType", "curvy")).toBeNull();
  });

  it("never changes the object it was given", () => {
    const before = { skinTone: "dark" as const };
    togglePersonalization(before, "skinTone", "dark");
    expect(before).toEqual({ skinTone: "dark" });
  });
});
