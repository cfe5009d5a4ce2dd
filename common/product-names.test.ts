import { describe, expect, it } from "vitest";
import { distinctName, fileNameWords, isCameraName, nameFromFile, namesColour, UNNAMED_PRODUCT, withColour } from "./product-names";

describe("a product's name from its photo's file", () => {
  it("never takes a name a camera, a phone or an app gave the file", () => {
    const cameraNames = [
      "IMG_20261127_101500.jpg",
      "IMG_2041.HEIC",
      "IMG-20261120-WA0012.jpg",
      "PXL_20261127_101500123.jpg",
      "PXL_20261127_101500123.MP.jpg",
      "DSC_0042.JPG",
      "DSCN1234.JPG",
      "DSCF0001.jpg",
      "MVIMG_20261127_101500.jpg",
      "P1010001.JPG",
      "WhatsApp Image 2026-11-20 at 18.32.11.jpeg",
      "WhatsApp Image 2026-11-20 at 18.32.11 (1).jpeg",
      "WhatsApp Imagen 2026-11-20 a las 18.32.11_3f2a9c1e.jpg",
      "Screenshot_20261127-101500.png",
      "Screenshot 2026-11-27 at 10.15.00.png",
      "Screenshot_20261127_101500_Instagram.jpg",
      "Captura de pantalla 2026-11-27 101500.png",
      "FB_IMG_1700000000000.jpg",
      "received_123456789012345.jpeg",
      "20261127_101500.jpg",
      "1700000000000.jpg",
      "image.jpg",
      "foto (2).jpg",
      "descarga.jpg",
      "3f2a9c1e-7b4d-4e8a-9c1f-2a3b4c5d6e7f.jpg",
    ];
    for (const file of cameraNames) {
      expect(isCameraName(fileNameWords(file)), file).toBe(true);
      expect(nameFromFile(file), file).toBe(UNNAMED_PRODUCT);
    }
    // Our own stand-ins say nothing either.
    for (const name of [UNNAMED_PRODUCT, "Producto 1", "Producto nuevo", ""]) expect(isCameraName(name), name).toBe(true);
  });

  it("keeps the words a seller gave the file, accents, emoji and numbers that are part of the name included", () => {
    expect(nameFromFile("remera-azul_final.jpg")).toBe("Remera azul final");
    expect(nameFromFile("campera jean.JPG")).toBe("Campera jean");
    expect(nameFromFile("pantalón cargo 2026.webp")).toBe("Pantalón cargo 2026");
    expect(nameFromFile("Buzo ✨ oversize.png")).toBe("Buzo ✨ oversize");
    expect(nameFromFile("talle 38 zapatillas.jpg")).toBe("Talle 38 zapatillas");
    expect(isCameraName("Remera 2024")).toBe(false);
    expect(isCameraName("Pollera plisada")).toBe(false);
  });

  it("adds a colour only to a name that says none, in either gender or plural", () => {
    expect(namesColour("Musculosa roja")).toBe(true);
    expect(namesColour("Camisa blanca")).toBe(true);
    expect(namesColour("Jeans azules")).toBe(true);
    expect(namesColour("Medias grises")).toBe(true);
    expect(namesColour("Buzo bordó")).toBe(true);
    expect(namesColour("Top fucsia")).toBe(true);
    expect(namesColour("Campera jean")).toBe(false);
    expect(withColour("Musculosa roja", "roja")).toBe("Musculosa roja");
    expect(withColour("Camisa blanca", "azul")).toBe("Camisa blanca");
    expect(withColour("Campera jean", "celeste")).toBe("Campera jean celeste");
    expect(withColour("Campera jean", null)).toBe("Campera jean");
  });

  it("never gives two drafts the same name: the next free number, accents and case aside", () => {
    expect(distinctName("Remera negra", [])).toBe("Remera negra");
    expect(distinctName("Remera negra", ["Buzo gris"])).toBe("Remera negra");
    expect(distinctName("Remera negra", ["remera negra"])).toBe("Remera negra 2");
    expect(distinctName("Remera negra", ["Remera negra", "Remera negra 2"])).toBe("Remera negra 3");
    expect(distinctName("Pantalón", ["pantalon"])).toBe("Pantalón 2");
    expect(distinctName("Remera negra 2", ["Remera negra 2", "Remera negra"])).toBe("Remera negra 3");
    const long = "x".repeat(120);
    expect(distinctName(long, [long])).toHaveLength(120);
    expect(distinctName(long, [long]).endsWith(" 2")).toBe(true);
  });
});
