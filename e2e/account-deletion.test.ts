import { describe, expect, it } from "vitest";
import { drawImage, newPage, signInTo, useChromium, useSeller } from "./chromium";
import { expectClean } from "./axe";
import { expectLoginRefused } from "./journey-steps";

const chromium = useChromium();
const seller = useSeller("borrar");

describe("deleting the account from /settings", () => {
  it("a wrong password keeps the seller in; the right one deletes everything, lands on a page that says it was deleted, and the old credentials stop working", async () => {
    const { context, page } = await newPage(chromium.browser);
    await signInTo(page, seller);
    const email = (await page.getByTestId("user-email").textContent())!;
    const buffer = await drawImage(page, { width: 240, height: 300, type: "image/jpeg" });
    const uploaded = await page.request.post("/api/products/upload-images", {
      multipart: { images: { name: "remera.jpg", mimeType: "image/jpeg", buffer } },
    });
    expect(uploaded.status()).toBe(201);
    const photoUrl = ((await uploaded.json()) as { products: { imageURL: string }[] }).products[0]!.imageURL;
    expect((await page.request.get(photoUrl)).status()).toBe(200);

    await page.goto("/settings");
    const section = page.getByRole("region", { name: "Eliminar cuenta" });
    await section.getByText("créditos que te queden").waitFor();
    await section.getByText("Tus pedidos sin entregar ni cancelar siguen visibles para sus compradores durante 90 días").waitFor();
    await section.getByText("de cada pedido se conserva solo lo que pide la contabilidad").waitFor();

    // While it asks how to confirm (held here), the dialog already has its final size: 'Cancelar' does not
    // move when the field comes, so a tap on its way lands on it.
    const dialog = page.getByRole("dialog", { name: "Eliminar cuenta" });
    let answer!: () => void;
    const asked = new Promise<void>((resolve) => (answer = resolve));
    await page.route("**/api/auth/account", async (route) => {
      if (route.request().method() === "GET") await asked;
      await route.continue();
    });
    await section.getByRole("button", { name: "Eliminar cuenta" }).click();
    const cancel = dialog.getByRole("button", { name: "Cancelar" });
    await dialog.getByRole("status").getByText("Cargando…").waitFor();
    const whileAsking = await cancel.boundingBox();
    answer();
    await dialog.getByLabel("Tu contraseña, para confirmar").waitFor();
    expect(await cancel.boundingBox()).toEqual(whileAsking);
    await page.unroute("**/api/auth/account");

    // Cancel closes the dialog and changes nothing.
    await cancel.click();
    await dialog.waitFor({ state: "hidden" });

    await section.getByRole("button", { name: "Eliminar cuenta" }).click();
    const password = dialog.getByLabel("Tu contraseña, para confirmar");
    await password.fill("no-es-mi-clave");
    await dialog.getByRole("button", { name: "Eliminar mi cuenta" }).click();
    await expect.poll(() => dialog.getByRole("alert").textContent()).toBe("La contraseña no es correcta.");
    expect((await page.request.get("/api/auth/profile")).status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe("/settings");

    // Held back until the button has been seen busy, so the pending state is really checked.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/auth/account", async (route) => {
      if (route.request().method() === "DELETE") await held;
      await route.continue();
    });
    await password.fill(seller.password);
    const confirm = dialog.getByRole("button", { name: "Eliminar mi cuenta" });
    await confirm.click();
    await expect.poll(() => confirm.getAttribute("aria-busy")).toBe("true");
    expect(await confirm.isDisabled()).toBe(true);
    expect(await dialog.getByRole("button", { name: "Cancelar" }).isDisabled()).toBe(true);
    // The success toast lasts about 2 s: watch for it before the answer is let through, so a slow
    // machine cannot show and remove it between two looks.
    const deletedToast = page.getByText("Tu cuenta fue eliminada.").waitFor();
    release();

    // Where they land says it plainly, and stays (the toast is gone in two seconds).
    await page.waitForURL((url) => url.pathname === "/cuenta-eliminada");
    await deletedToast;
    const landed = page.getByRole("status").filter({ has: page.getByRole("heading", { name: "Tu cuenta fue eliminada", level: 1 }) });
    await landed.getByText("siguen visibles para sus compradores durante 90 días", { exact: false }).waitFor();
    await landed.getByText("se conserva después solo lo que pide la contabilidad", { exact: false }).waitFor();
    await expectClean(page, "/cuenta-eliminada");
    // The landing, without a reload, speaks to a visitor: nothing leads into the account that is gone.
    await landed.getByRole("link", { name: "Ir al inicio" }).click();
    await page.getByRole("link", { name: "Comenzar ahora" }).waitFor();
    expect(await page.getByRole("link", { name: "Ir a tus productos" }).count()).toBe(0);
    expect((await page.request.get("/api/auth/profile")).status()).toBe(401);
    expect((await page.request.get(photoUrl)).status()).toBe(404);

    await page.goto("/home");
    await page.waitForURL("**/register");

    await expectLoginRefused(page, email, seller.password);
    await context.close();
  });
});
