import { afterEach, describe, expect, it } from "vitest";
import { PACKS } from "../../../common/packs";
import { priceClaims } from "../../../common/price-claims";
import { loadCatalogue } from "../../i18n/catalogues";
import { i18n } from "../../i18n/texts";
import { imagesCountLabel, imagesLabel, movementLabel, packTexts } from "./credit-labels";

afterEach(() => i18n.activate("es"));

/** The card texts of every pack for a seller of `country`, as /credits shows them. */
const cards = (country: string | null) => {
  const claims = priceClaims(country, { home: country });
  return PACKS.map((pack) => packTexts(pack, claims.packs, PACKS, country, country));
};

describe("the credits in the seller's words", () => {
  it("in Spanish, the cards say exactly what the landing's claims say, in every kind of country", () => {
    for (const country of ["AR", "CL", "MX", "BR", "KE", null]) {
      const claims = priceClaims(country, { home: country });
      expect(cards(country), String(country)).toEqual(
        claims.packs.map((claim) => ({ title: claim.title, perImage: claim.perImage, savingsText: claim.savingsText })),
      );
    }
    expect(imagesLabel(50)).toBe("1 imagen");
    expect(imagesLabel(2550)).toBe("51 imágenes");
    expect(imagesCountLabel(75)).toBe("1,5 imágenes");
    expect(movementLabel("store_plan")).toBe("Plan Mi Tienda pagado con tus imágenes");
    expect(movementLabel("something_new")).toBe("Movimiento de imágenes");
  });

  it("in English, for a Kenyan seller: the same savings and prices per image, in English", async () => {
    i18n.load("en", await loadCatalogue("en"));
    i18n.activate("en");
    const spanish = priceClaims("KE", { home: "KE" }).packs;
    const english = cards("KE");
    expect(english.map((card) => card.title)).toEqual(["1 image", "10 images", "50 images", "100 images"]);
    expect(english[2]!.savingsText).toBe(`Save ${spanish[2]!.savings}%`);
    // The 100 pack costs what the 50 pack does per image: it claims the same saving, said as the same.
    expect(english[3]!.savingsText).toBe(`Save ${spanish[2]!.savings}%, same as 50 images`);
    expect(english[1]!.perImage).toBe(spanish[1]!.perImage.replace(" por imagen", " per image"));
    expect(movementLabel("signup_bonus")).toBe("Welcome gift");
  });
});
