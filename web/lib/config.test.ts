import { describe, expect, it } from "vitest";
import { mailtoUrl, NO_CONFIG, supportWhatsappLabel, whatsappUrl, withDefaults } from "./config";

describe("help contact links", () => {
  it("opens WhatsApp with the number and a prefilled message", () => {
    expect(whatsappUrl("5491122334455", "Hola, necesito ayuda")).toBe("https://wa.me/5491122334455?text=Hola%2C%20necesito%20ayuda");
  });

  it("writes an e-mail with a subject", () => {
    expect(mailtoUrl("ayuda@vidriera.app", "Ayuda con Vidriera")).toBe("mailto:ayuda@vidriera.app?subject=Ayuda%20con%20Vidriera");
  });

  it("shows the number as the Worker wrote it, and the digits with their + from an older Worker", () => {
    expect(supportWhatsappLabel({ supportWhatsapp: "5491122334455", supportWhatsappLabel: "+54 9 11 2233-4455" })).toBe(
      "+54 9 11 2233-4455",
    );
    expect(supportWhatsappLabel({ supportWhatsapp: "56912345678", supportWhatsappLabel: null })).toBe("+56912345678");
  });
});

describe("a configuration from an older Worker", () => {
  it("keeps what it says and fills what it lacks, so the drawer still reads its generation offer", () => {
    const config = withDefaults({ maintenance: true, supportEmail: "ayuda@vidriera.app" });
    expect(config).toEqual({ ...NO_CONFIG, maintenance: true, supportEmail: "ayuda@vidriera.app" });
    const partial = withDefaults({ generation: { children: { available: false, reason: "No." } } as never });
    expect(partial.generation.children).toEqual({ available: false, reason: "No." });
    expect(partial.generation.pro).toEqual(NO_CONFIG.generation.pro);
  });
});
