import { z } from "zod";
import { parsePrice } from "../../common/price";
import type { StoreMoney } from "../../common/store-money";
import type { SessionUser } from "../env";
import { storeMoneyOf } from "./store-locale";

const fields = new Map<string, z.ZodType<number, unknown>>();

/**
 * A price as the store's sellers type it ("12.500" in Argentina, "1,299.50" in Mexico, "129,90" in Brazil)
 * or a JSON number of units, read by the one parser of common/price.ts into the integer the store keeps
 * (centavos where the money has them). Junk, cents a whole-unit money has not and the ambiguous ("1.299"
 * in Mexico) are a 400 with the Spanish reason, never a guess. Empty is 0: no price yet.
 */
export function priceField(money: StoreMoney): z.ZodType<number, unknown> {
  const key = `${money.currency} ${money.locale}`;
  let field = fields.get(key);
  if (!field) {
    field = z.unknown().transform((value, ctx) => {
      const parsed = parsePrice(value, money);
      if ("error" in parsed) {
        ctx.addIssue({ code: "custom", message: parsed.error });
        return z.NEVER;
      }
      return parsed.price;
    });
    fields.set(key, field);
  }
  return field;
}

/** The money the signed-in seller's prices are read in. */
export const sellerMoney = (user: SessionUser) => storeMoneyOf(user).money;
