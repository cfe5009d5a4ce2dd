import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { User } from "../../common/user";
import { Browser, count, register } from "./browser";
import { photoOfSize } from "./fixtures";
import { dataUrl, openStore, storeName } from "./store-helpers";

async function signedIn() {
  const browser = new Browser();
  const { user } = await register(browser);
  return { browser, user };
}

const save = (browser: Browser, body: Record<string, unknown>) =>
  browser.json("POST", "/api/auth/mi-tienda", { storeName: storeName(), phoneNumber: "+54 9 11 2233 4455", countryCode: "AR", ...body });

describe("POST /api/auth/mi-tienda", () => {
  it("creates the store: link from the name, normalised phone, country and logo; then edits it", async () => {
    const { browser, user } = await signedIn();
    const logo = photoOfSize("png", 4096, 9);
    const response = await save(browser, {
      storeName: "  Ñandú Ropa & Más  ",
      phoneNumber: "+54 9 (11) 2233-4455",
      storeLogo: dataUrl(logo),
    });
    expect(response.status).toBe(201);
    const created = ((await response.json()) as { user: User }).user;
    expect(created).toMatchObject({
      id: user.id,
      name: "Ñandú Ropa & Más",
      username: "nanduropamas",
      phone: "+54 91122334455",
      countryCode: "AR",
    });
    expect(created.imageUrl).toMatch(/^\/img\/l\/[A-Za-z0-9_-]{43}\.png$/);
    const served = await browser.request(created.imageUrl!);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(logo);

    // Saving again edits it (200), keeps the logo when none is sent, and the profile says so.
    const edit = await save(browser, {
      storeName: "Ñandú Ropa",
      storeLink: "Ñandú Ropa",
      phoneNumber: "+598 94 123 456",
      countryCode: "UY",
    });
    expect(edit.status).toBe(200);
    const edited = ((await edit.json()) as { user: User }).user;
    expect(edited).toMatchObject({
      name: "Ñandú Ropa",
      username: "nanduropa",
      phone: "+598 94123456",
      countryCode: "UY",
      imageUrl: created.imageUrl,
    });
    const profile = (await (await browser.request("/api/auth/profile")).json()) as { user: User };
    expect(profile.user.username).toBe("nanduropa");

    // A new logo replaces the old one, which leaves R2.
    const next = await save(browser, { storeName: "Ñandú Ropa", storeLogo: dataUrl(photoOfSize("jpeg", 2048, 3), "image/jpeg") });
    const replaced = ((await next.json()) as { user: User }).user;
    expect(replaced.imageUrl).toMatch(/\.jpg$/);
    expect(await env.IMAGES.head(created.imageUrl!.slice("/img/".length))).toBeNull();
  });

  it("cuts the link to 20 lowercase letters and digits", async () => {
    const { browser } = await signedIn();
    const user = ((await (await save(browser, { storeName: "La Tienda De Ropa Más Linda 2024!" })).json()) as { user: User }).user;
    expect(user.username).toBe("latiendaderopamaslin");
  });

  it("never puts two stores on one link: a taken link is refused with free ones to choose, never swapped silently", async () => {
    const name = `Doña Rosa ${Math.floor(Math.random() * 1e6)}`;
    const slug = name
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "");
    const first = await signedIn();
    expect((await openStore(first.browser, { storeName: name })).username).toBe(slug);

    const second = await signedIn();
    const preview = await second.browser.request(`/api/auth/mi-tienda/slug-preview?name=${encodeURIComponent(name)}`);
    const body = (await preview.json()) as { slug: string; available: boolean; error: string; suggestions: string[] };
    expect(body).toMatchObject({ slug, available: false, error: `El enlace /u/${slug} ya es de otra tienda. Elige otro.` });
    expect(body.suggestions).toHaveLength(3);
    expect(body.suggestions).toContain(`${slug}2`);
    const refused = await save(second.browser, { storeName: name });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: body.error, suggestions: body.suggestions });
    expect(await count("users", "id = ? AND username IS NULL", second.user.id)).toBe(1);
    // The seller picks a suggestion and gets exactly that.
    const chosen = await save(second.browser, { storeName: name, storeLink: body.suggestions[0] });
    expect(((await chosen.json()) as { user: User }).user.username).toBe(body.suggestions[0]);

    // The owner keeps their own link when saving again, and previews it as theirs.
    const own = await first.browser.request(`/api/auth/mi-tienda/slug-preview?link=${slug}`);
    expect(await own.json()).toEqual({ slug, available: true, error: null, suggestions: [] });
    expect((await openStore(first.browser, { storeName: "Otro nombre" })).username).toBe(slug);
  });

  it("lets the seller type the link: reduced to letters and digits, and shown before saving", async () => {
    const { browser } = await signedIn();
    const link = `Moda\u200bSur${Math.floor(Math.random() * 1e6)}`;
    const clean = link.replace("\u200b", "").toLowerCase();
    const preview = await browser.request(`/api/auth/mi-tienda/slug-preview?link=${encodeURIComponent(link)}`);
    expect(await preview.json()).toMatchObject({ slug: clean, available: true });
    const saved = await save(browser, { storeName: "🧵 Moda Sur", storeLink: link });
    expect(((await saved.json()) as { user: User }).user).toMatchObject({ username: clean, name: "🧵 Moda Sur" });
  });

  it("gives the same free link to exactly one of two sellers claiming it at once", async () => {
    const link = `carrera${Math.floor(Math.random() * 1e6)}`;
    const sellers = await Promise.all([signedIn(), signedIn(), signedIn(), signedIn()]);
    const responses = await Promise.all(sellers.map((s) => save(s.browser, { storeLink: link })));
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await count("users", "username = ?", link)).toBe(1);
    for (const r of responses.filter((r) => r.status === 409)) {
      const body = (await r.json()) as { error: string; suggestions: string[] };
      expect(body.error).toBe(`El enlace /u/${link} ya es de otra tienda. Elige otro.`);
      expect(body.suggestions.length).toBeGreaterThan(0);
    }
  });

  it("never gives the app's own words, and drops invisible characters from the name", async () => {
    const { browser, user } = await signedIn();
    for (const word of ["api", "admin", "u", "img", "login", "register", "home", "settings", "Mi-Tienda"]) {
      const preview = (await (await browser.request(`/api/auth/mi-tienda/slug-preview?link=${word}`)).json()) as {
        available: boolean;
        error: string;
      };
      expect(preview, word).toMatchObject({
        available: false,
        error: "Ese enlace es una palabra de Vidriera y no puede usarse para una tienda. Elige otro.",
      });
      const response = await save(browser, { storeLink: word });
      expect(response.status, word).toBe(400);
    }
    expect(await count("users", "id = ? AND username IS NULL", user.id)).toBe(1);
    // A name that is one of them gets a link of its own.
    expect(await (await browser.request("/api/auth/mi-tienda/slug-preview?name=Admin")).json()).toMatchObject({ slug: "admintienda" });
    const saved = await save(browser, { storeName: "\u202eRosa\u200b Moda\u2066", storeLink: `rosa${Math.floor(Math.random() * 1e6)}` });
    expect(((await saved.json()) as { user: User }).user.name).toBe("Rosa Moda");
  });

  it("gives a name in another script, or only emoji, a usable link", async () => {
    const { browser } = await signedIn();
    const preview = (await (
      await browser.request(`/api/auth/mi-tienda/slug-preview?name=${encodeURIComponent("Магазин 服装")}`)
    ).json()) as {
      slug: string;
      available: boolean;
      suggestions: string[];
    };
    expect(preview.slug).toBe("tienda");
    const link = preview.available ? preview.slug : preview.suggestions[0]!;
    const saved = await save(browser, { storeName: "Магазин 服装", storeLink: link });
    expect(saved.status).toBe(201);
    expect(((await saved.json()) as { user: User }).user).toMatchObject({ name: "Магазин 服装", username: link });
  });

  it("answers an empty preview for a name without letters or digits", async () => {
    const { browser } = await signedIn();
    const response = await browser.request(`/api/auth/mi-tienda/slug-preview?name=${encodeURIComponent("¡¡¡ *** !!!")}`);
    expect(await response.json()).toEqual({ slug: "", available: false, error: null, suggestions: [] });
  });

  it("saves WhatsApp numbers as WhatsApp dials them: AR mobile, AR landline, another country", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ phoneNumber: "+54 11 2345-6789" }, "+54 91123456789"],
      [{ phoneNumber: "+54 011 15 2345-6789" }, "+54 91123456789"],
      [{ phoneNumber: "+54 011 4567-8901", landline: true }, "+54 1145678901"],
      [{ phoneNumber: "+598 099 123 456", countryCode: "UY" }, "+598 99123456"],
    ];
    for (const [body, phone] of cases) {
      const { browser } = await signedIn();
      const response = await save(browser, body);
      expect(response.status, JSON.stringify(body)).toBe(201);
      expect(((await response.json()) as { user: User }).user.phone).toBe(phone);
    }
    // A landline stays a landline when the store is saved again with the same number.
    const { browser } = await signedIn();
    await save(browser, { phoneNumber: "+54 011 4567-8901", landline: true });
    const again = await save(browser, { phoneNumber: "+54 1145678901" });
    expect(((await again.json()) as { user: User }).user.phone).toBe("+54 1145678901");
  });

  const bad: [string, Record<string, unknown>, number, string][] = [
    [
      "a store name of only symbols",
      { storeName: "¡¡¡ *** !!!" },
      400,
      "El nombre de la tienda tiene que tener al menos una letra o un número.",
    ],
    ["an empty store name", { storeName: "   " }, 400, "Por favor completa todos los campos obligatorios."],
    ["no phone", { phoneNumber: "" }, 400, "Por favor completa todos los campos obligatorios."],
    ["a phone with only the prefix", { phoneNumber: "+54 " }, 400, "Por favor completa todos los campos obligatorios."],
    ["a phone of letters", { phoneNumber: "+54 once-dos-tres" }, 400, "El número de WhatsApp solo puede tener números."],
    [
      "a phone with letters among the digits",
      { phoneNumber: "+54 9 11 2233 44a5" },
      400,
      "El número de WhatsApp solo puede tener números.",
    ],
    [
      "a phone of another country",
      { phoneNumber: "+55 11 2233 4455" },
      400,
      "El número de WhatsApp tiene que empezar con el código del país elegido.",
    ],
    ["a phone too short", { phoneNumber: "+54 123" }, 400, "El número de WhatsApp es demasiado corto."],
    ["a phone too long", { phoneNumber: "+54 1234567890123456" }, 400, "El número de WhatsApp es demasiado largo."],
    ["a country outside the list", { countryCode: "US" }, 400, "Elige un país de la lista."],
    [
      "an Argentine number that does not exist",
      { phoneNumber: "+54 99 9999 9999" },
      400,
      "El número de WhatsApp no es válido en Argentina. Revisa el código de área.",
    ],
    [
      "a link with no letters or digits",
      { storeLink: "¡¡¡" },
      400,
      "El enlace solo puede tener letras sin acentos y números, hasta 20 caracteres.",
    ],
    [
      "a logo that is text",
      { storeLogo: `data:text/plain;base64,${btoa("hola")}` },
      400,
      "Por favor selecciona un archivo de imagen válido.",
    ],
    [
      "a logo that claims to be a PNG but is text",
      { storeLogo: `data:image/png;base64,${btoa("no soy una imagen")}` },
      400,
      "Por favor selecciona un archivo de imagen válido.",
    ],
    [
      "an SVG logo",
      { storeLogo: `data:image/svg+xml;base64,${btoa("<svg xmlns='http://www.w3.org/2000/svg'/>")}` },
      400,
      "Por favor selecciona un archivo de imagen válido.",
    ],
    ["a logo that is not base64", { storeLogo: "data:image/png;base64,@@@" }, 400, "Por favor selecciona un archivo de imagen válido."],
    ["a 5.5 MB logo", { storeLogo: dataUrl(photoOfSize("jpeg", 5.5 * 1024 * 1024), "image/jpeg") }, 413, "La imagen debe ser menor a 5MB."],
    ["a 6 MB logo", { storeLogo: dataUrl(photoOfSize("jpeg", 6 * 1024 * 1024), "image/jpeg") }, 413, "La imagen debe ser menor a 5MB."],
  ];
  for (const [name, body, status, error] of bad) {
    it(`refuses ${name} and changes nothing`, async () => {
      const { browser, user } = await signedIn();
      const objects = (await env.IMAGES.list({ prefix: "l/" })).objects.length;
      const response = await save(browser, body);
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ error });
      expect(await count("users", "id = ? AND username IS NULL AND store_version = 0", user.id)).toBe(1);
      expect((await env.IMAGES.list({ prefix: "l/" })).objects.length).toBe(objects);
    });
  }

  it("accepts a logo of exactly 5 MB", async () => {
    const { browser } = await signedIn();
    const response = await save(browser, { storeLogo: dataUrl(photoOfSize("jpeg", 5 * 1024 * 1024), "image/jpeg") });
    expect(response.status).toBe(201);
  });

  it("needs a signed-in seller and a request from the app itself", async () => {
    const anonymous = new Browser();
    const response = await save(anonymous, {});
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Debes iniciar sesión para continuar." });
    expect((await anonymous.request("/api/auth/mi-tienda/slug-preview?name=x")).status).toBe(401);

    const { browser } = await signedIn();
    const foreign = await browser.request("/api/auth/mi-tienda", {
      method: "POST",
      origin: "https://otro-sitio.example",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ storeName: "x", phoneNumber: "+54 91122334455", countryCode: "AR" }),
    });
    expect(foreign.status).toBe(403);
  });
});
