import { describe, expect, it } from "vitest";
import { newPage, registerInBrowser, useChromium } from "./chromium";
import { expectSeen, tap } from "./seen";

const chromium = useChromium();

describe("password recovery through the local outbox (issue 14.6)", () => {
  it("'¿Olvidaste tu contraseña?' on a phone: the e-mail's link sets a new password and signs in; the old one stops working; the other phone, signed out, lands on /login", async () => {
    const { context: seller, page } = await newPage(chromium.browser, { mobile: true });
    await registerInBrowser(page, "recupera");
    const { user } = (await (await page.request.get("/api/auth/profile")).json()) as { user: { email: string } };
    // This phone stays signed in (it shows /home) while the password is reset from another.
    await page.goto("/home");
    await expectSeen(page.getByTestId("credits"));

    const { context, page: phone } = await newPage(chromium.browser, { mobile: true });
    await phone.goto("/login");
    await tap(phone.getByRole("link", { name: "¿Olvidaste tu contraseña?" }));
    await expectSeen(phone.getByRole("heading", { name: "¿Olvidaste tu contraseña?" }));
    await phone.getByLabel("Email").fill(user.email);
    await tap(phone.getByRole("button", { name: "Enviar enlace" }));
    await phone
      .getByRole("status")
      .getByText(/Si hay una cuenta con ese email/)
      .waitFor();

    // The outbox page (local only) shows the mail and its link, once the Worker has written it.
    let link: string | null = null;
    await expect
      .poll(async () => {
        await phone.goto("/api/dev/outbox");
        const mail = phone.locator("article").filter({ hasText: user.email }).first();
        link = (await mail.count()) ? await mail.getByRole("link").first().getAttribute("href") : null;
        return link;
      })
      .toMatch(/\/restablecer#token=[\w-]+$/);

    await phone.goto(new URL(link!).pathname + new URL(link!).hash);
    await expectSeen(phone.getByRole("heading", { name: "Crea una nueva contraseña" }));
    await phone.getByLabel("Nueva contraseña").fill("mi-clave-nueva-2026");
    await tap(phone.getByRole("button", { name: "Guardar contraseña" }));
    await phone.waitForURL("**/home");

    // The link worked once: opening it again is refused.
    await phone.goto(new URL(link!).pathname + new URL(link!).hash);
    await phone.getByLabel("Nueva contraseña").fill("otra-clave-mas-2026");
    await tap(phone.getByRole("button", { name: "Guardar contraseña" }));
    await phone
      .getByRole("alert")
      .getByText(/El enlace no es válido, ya se usó o venció/)
      .waitFor();

    const login = (password: string) => phone.request.post("/api/auth/login", { data: { email: user.email, password } });
    expect((await login("mi-clave-segura")).status()).toBe(401);
    expect((await login("mi-clave-nueva-2026")).status()).toBe(200);

    // The recovery ended the first phone's session: it is a seller with an account, sent to /login, not /register.
    await page.goto("/home");
    await page.waitForURL("**/login");
    await expectSeen(page.getByRole("button", { name: "Entrar" }));
    await seller.close();
    await context.close();
  });
});
