import { queryOptions } from "@tanstack/react-query";
import type { Coupon } from "../../../common/coupons";
import { api, unwrap } from "../../lib/api";
import { t } from "./texts";

export type { Coupon };

export const couponsQuery = queryOptions({
  queryKey: ["coupons"],
  queryFn: async (): Promise<Coupon[]> => (await unwrap(api.coupons.$get(), t("loadFailed"))).coupons,
});
