import { describe, expect, it } from "vitest";
import { CHILDREN_NOT_OFFERED, MODIFY_NOT_OFFERED, PRO_NOT_OFFERED, type GenerationOffer } from "../../common/image-providers";
import { publicConfig } from "../../worker/routes/app-config";
import { ORIGIN, viaWorker, withBindings } from "./browser";
import type { Bindings } from "../../worker/env";

const get = (fetcher: (request: Request) => Promise<Response>) => fetcher(new Request(`${ORIGIN}/api/config`));

describe("GET /api/config", () => {
  it("is public, off by default, and shows no channel that is not configured", async () => {
    const response = await get(viaWorker);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(await response.json()).toEqual({
      maintenance: false,
      supportEmail: null,
      supportWhatsapp: null,
      supportWhatsappLabel: null,
      social: [],
      generation: STUDIO_OFFER,
    });
  });

  it("turns maintenance on and publishes the contact channels from configuration", async () => {
    const response = await get(
      withBindings({
        MAINTENANCE_MODE: "on",
        SUPPORT_EMAIL: " ayuda@vidriera.app ",
        SUPPORT_WHATSAPP: "+54 9 11 2233-4455",
        SOCIAL_INSTAGRAM: "https://instagram.com/vidriera",
      } as Partial<Bindings>),
    );
    expect(await response.json()).toEqual({
      maintenance: true,
      supportEmail: "ayuda@vidriera.app",
      supportWhatsapp: "5491122334455",
      supportWhatsappLabel: "+54 9 11 2233-4455",
      social: [{ network: "instagram", label: "Instagram", url: "https://instagram.com/vidriera" }],
      generation: STUDIO_OFFER,
    });
  });

  it("tells the drawer, before anyone pays, that children and Pro are not available with a provider that cannot make them", async () => {
    const response = await get(withBindings({ IMAGE_PROVIDER: "openai", OPENAI_API_KEY: "k" }));
    const { generation } = (await response.json()) as { generation: GenerationOffer };
    expect(generation.children).toEqual({ available: false, reason: CHILDREN_NOT_OFFERED });
    // OpenAI is asked for 1536×2048 at Pro: 2K, so offered.
    expect(generation.pro).toEqual({ available: true, reason: null });
    // Workers AI makes 1536 px at most: no Pro, and the drawer says why.
    const workersAi = await get(withBindings({ IMAGE_PROVIDER: "workers-ai" }));
    expect(((await workersAi.json()) as { generation: GenerationOffer }).generation.pro).toEqual({
      available: false,
      reason: PRO_NOT_OFFERED,
    });
    // With a provider that draws children for Bebé, Niño and Niña, they are offered again.
    const withMinors = await get(withBindings({ IMAGE_PROVIDER: "openai", MINORS_PROVIDER: "workers-ai" }));
    expect(((await withMinors.json()) as { generation: GenerationOffer }).generation.children).toEqual({ available: true, reason: null });
  });

  it("tells the gallery and the result, before anything is written, that a provider that cannot edit offers no 'Modificar'", async () => {
    const response = await get(withBindings({ IMAGE_PROVIDER: "fashn", FASHN_API_KEY: "k" } as Partial<Bindings>));
    const { generation } = (await response.json()) as { generation: GenerationOffer };
    expect(generation.modify).toEqual({ available: false, reason: MODIFY_NOT_OFFERED });
    expect((await (await get(withBindings({}))).json()) as { generation: GenerationOffer }).toMatchObject({
      generation: { modify: { available: true, reason: null } },
    });
  });

  it("offline, STUDIO_IMITATES offers what a site with that provider offers (the Chromium tests' other apps)", async () => {
    const response = await get(withBindings({ STUDIO_IMITATES: "openai" } as Partial<Bindings>));
    const { generation } = (await response.json()) as { generation: GenerationOffer };
    expect(generation.children).toEqual({ available: false, reason: CHILDREN_NOT_OFFERED });
    expect(generation.pro).toEqual({ available: true, reason: null });
    const workersAi = await get(withBindings({ STUDIO_IMITATES: "workers-ai" } as Partial<Bindings>));
    const offer = ((await workersAi.json()) as { generation: GenerationOffer }).generation;
    expect(offer.children).toEqual({ available: true, reason: null });
    expect(offer.pro).toEqual({ available: false, reason: PRO_NOT_OFFERED });
  });
});

/** The offline studio makes everything: children, 2K Pro, text edits. */
const STUDIO_OFFER: GenerationOffer = {
  children: { available: true, reason: null },
  pro: { available: true, reason: null },
  modify: { available: true, reason: null },
  storeModel: { adult: false, children: false },
};

describe("publicConfig", () => {
  const base = {} as Bindings;

  it("reads the usual spellings of 'on' and treats anything else as off", () => {
    for (const value of ["on", "TRUE", "1", "sí"]) expect(publicConfig({ ...base, MAINTENANCE_MODE: value }).maintenance).toBe(true);
    for (const value of ["off", "", "0", "false", undefined])
      expect(publicConfig({ ...base, MAINTENANCE_MODE: value }).maintenance).toBe(false);
  });

  it("hides malformed channels instead of showing broken links", () => {
    const config = publicConfig({
      ...base,
      SUPPORT_EMAIL: "no-es-un-email",
      SUPPORT_WHATSAPP: "123",
      SOCIAL_FACEBOOK: "javascript:alert(1)",
      SOCIAL_TIKTOK: "http://tiktok.com/@vidriera",
    } as Bindings);
    expect(config).toMatchObject({ supportEmail: null, supportWhatsapp: null, social: [] });
  });
});
