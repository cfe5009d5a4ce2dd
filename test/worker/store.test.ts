import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { User } from "../../common/user";
import { Browser, count, register } from "./browser";
import { fakePhoto } from "./fixtures";
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
    const logo = fakePhoto("png", 4096, 9);
    const response = await save(browser, { storeName: "  Ñandú Ropa & Más  ", phoneNumber: "+54 9 (11) 2233-4455", storeLogo: dataUrl(logo) });
    expect(response.status).toBe(201);
    const created = ((await response.json()) as { user: User }).user;
    expect(created).toMatchObject({ id: user.id, name: "Ñandú Ropa & Más", username: "nanduropamas", phone: "+54 91122334455", countryCode: "AR" });
    expect(created.imageUrl).toMatch(/^\/img\/l\/[A-Za-z0-9_-]{43}\.png$/);
    const served = await browser.request(created.imageUrl!);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(logo);

    // Saving again edits it (200), keeps the logo when none is sent, and the profile says so.
    const edit = await save(browser, { storeName: "Ñandú Ropa", phoneNumber: "+598 94 123 456", countryCode: "UY" });
    expect(edit.status).toBe(200);
    const edited = ((await edit.json()) as { user: User }).user;
    expect(edited).toMatchObject({ name: "Ñandú Ropa", username: "nanduropa", phone: "+598 94123456", countryCode: "UY", imageUrl: created.imageUrl });
    const profile = (await (await browser.request("/api/auth/profile")).json()) as { user: User };
    expect(profile.user.username).toBe("nanduropa");

    // A new logo replaces the old one, which leaves R2.
    const next = await save(browser, { storeName: "Ñandú Ropa", storeLogo: dataUrl(fakePhoto("jpeg", 2048, 3), "image/jpeg") });
    const replaced = ((await next.json()) as { user: User }).user;
    expect(replaced.imageUrl).toMatch(/\.jpg$/);
    expect(await env.IMAGES.head(created.imageUrl!.slice("/img/".length))).toBeNull();
  });

  it("cuts the link to 20 lowercase letters and digits", async () => {
    const { browser } = await signedIn();
    const user = ((await (await save(browser, { storeName: "La Tienda De Ropa Más Linda 2024!" })).json()) as { user: User }).user;
    expect(user.username).toBe("latiendaderopamaslin");
  });

  it("never puts two stores on one link: the second seller sees and gets the next free one", async () => {
    const name = `Mi Tienda ${Math.floor(Math.random() * 1e6)}`;
    const slug = name.toLowerCase().replace(/[^a-z0-9]/g, "");
    const first = await signedIn();
    expect((await openStore(first.browser, { storeName: name })).username).toBe(slug);

    const second = await signedIn();
    const preview = await second.browser.request(`/api/auth/mi-tienda/slug-preview?name=${encodeURIComponent(name)}`);
    expect(await preview.json()).toEqual({ slug, username: `${slug}2`, taken: true });
    expect((await openStore(second.browser, { storeName: name })).username).toBe(`${slug}2`);

    const third = await signedIn();
    expect(await (await third.browser.request(`/api/auth/mi-tienda/slug-preview?name=${encodeURIComponent(name)}`)).json()).toEqual({
      slug,
      username: `${slug}3`,
      taken: true,
    });

    // The owner keeps their own link when saving again, and previews it as theirs.
    const own = await first.browser.request(`/api/auth/mi-tienda/slug-preview?name=${encodeURIComponent(name)}`);
    expect(await own.json()).toEqual({ slug, username: slug, taken: false });
    expect((await openStore(first.browser, { storeName: name })).username).toBe(slug);

    // A 20-character name that is taken makes room for the number. (Letters only: a name ending in "2"
    // would itself be the first free candidate and make the expectation wrong.)
    const long = "Abcdefghijklmnopqrst";
    await openStore((await signedIn()).browser, { storeName: long });
    expect((await openStore((await signedIn()).browser, { storeName: long })).username).toBe(`${long.toLowerCase().slice(0, 19)}2`);
  });

  it("answers an empty preview for a name without letters or digits", async () => {
    const { browser } = await signedIn();
    const response = await browser.request(`/api/auth/mi-tienda/slug-preview?name=${encodeURIComponent("¡¡¡ *** !!!")}`);
    expect(await response.json()).toEqual({ slug: "", username: null, taken: false });
  });

  const bad: [string, Record<string, unknown>, number, string][] = [
    ["a store name of only symbols", { storeName: "¡¡¡ *** !!!" }, 400, "El nombre de la tienda tiene que tener al menos una letra o un número."],
    ["an empty store name", { storeName: "   " }, 400, "Por favor completa todos los campos obligatorios."],
    ["no phone", { phoneNumber: "" }, 400, "Por favor completa todos los campos obligatorios."],
    ["a phone with only the prefix", { phoneNumber: "+54 " }, 400, "Por favor completa todos los campos obligatorios."],
    ["a phone of letters", { phoneNumber: "+54 once-dos-tres" }, 400, "El número de WhatsApp solo puede tener números."],
    ["a phone with letters among the digits", { phoneNumber: "+54 9 11 2233 44a5" }, 400, "El número de WhatsApp solo puede tener números."],
    ["a phone of another country", { phoneNumber: "+55 11 2233 4455" }, 400, "El número de WhatsApp tiene que empezar con el código del país elegido."],
    ["a phone too short", { phoneNumber: "+54 123" }, 400, "El número de WhatsApp es demasiado corto."],
    ["a phone too long", { phoneNumber: "+54 1234567890123456" }, 400, "El número de WhatsApp es demasiado largo."],
    ["a country outside the list", { countryCode: "US" }, 400, "Elige un país de la lista."],
    ["a logo that is text", { storeLogo: `data:text/plain;base64,${btoa("hola")}` }, 400, "Por favor selecciona un archivo de imagen válido."],
    ["a logo that claims to be a PNG but is text", { storeLogo: `data:image/png;base64,${btoa("no soy una imagen")}` }, 400, "Por favor selecciona un archivo de imagen válido."],
    ["an SVG logo", { storeLogo: `data:image/svg+xml;base64,${btoa("<svg xmlns='http://www.w3.org/2000/svg'/>")}` }, 400, "Por favor selecciona un archivo de imagen válido."],
    ["a logo that is not base64", { storeLogo: "data:image/png;base64,@@@" }, 400, "Por favor selecciona un archivo de imagen válido."],
    ["a 5.5 MB logo", { storeLogo: dataUrl(fakePhoto("jpeg", 5.5 * 1024 * 1024), "image/jpeg") }, 413, "La imagen debe ser menor a 5MB."],
    ["a 6 MB logo", { storeLogo: dataUrl(fakePhoto("jpeg", 6 * 1024 * 1024), "image/jpeg") }, 413, "La imagen debe ser menor a 5MB."],
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
    const response = await save(browser, { storeLogo: dataUrl(fakePhoto("jpeg", 5 * 1024 * 1024), "image/jpeg") });
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

  it("lets two sellers racing for one free name end on two links", async () => {
    const name = `Carrera ${Math.floor(Math.random() * 1e6)}`;
    const sellers = await Promise.all([signedIn(), signedIn(), signedIn()]);
    const users = await Promise.all(sellers.map((s) => openStore(s.browser, { storeName: name })));
    expect(new Set(users.map((u) => u.username)).size).toBe(3);
  });
});
