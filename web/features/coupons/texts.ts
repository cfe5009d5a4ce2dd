import { sellerTexts } from "../../i18n/texts";
import spanish from "./texts/es.ts?lingui";
import type source from "./texts/es";

export const t = sellerTexts<keyof typeof source>("coupons", spanish);
