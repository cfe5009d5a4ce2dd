import { describe, expect, it } from "vitest";
import { addProducts, seller, setPricing } from "./store-helpers";
import { reportOf, settled, Shopper } from "./stats-helpers";

describe("smoke", () => {
  it("counts a view", async () => {
    const { browser, username } = await seller({}, settled());
    const [remera] = await addProducts(browser, ["Remera"]);
    await setPricing(browser, [{ id: remera!.id, price: 15000 }]);
    const shopper = new Shopper();
    await shopper.visit(`/u/${username}`);
    await shopper.visit(`/u/${username}`);
    const report = await reportOf(browser);
    console.log(JSON.stringify(report.periods.today));
    expect(report.periods.today.current.pageViews).toBe(2);
  });
});
