import { describe, expect, it } from "vitest";
import { publicStoreLink } from "./store-link";

describe("the store's public link", () => {
  it("is the app's own origin + /u/<username>, shown without the scheme", () => {
    expect(publicStoreLink("donarosa", "https://vidriera.com.ar")).toEqual({
      url: "https://vidriera.com.ar/u/donarosa",
      label: "vidriera.com.ar/u/donarosa",
    });
    expect(publicStoreLink("tienda1", "http://localhost:5173").label).toBe("localhost:5173/u/tienda1");
  });
});
