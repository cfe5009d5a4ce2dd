import type { SellerLanguage } from "../../common/seller-language";

/** The exports queue's name and its message: one per 'Descargar mis datos' (built by worker/lib/data-export.ts). */
export const DATA_EXPORTS_QUEUE = "vidriera-exports";

export interface DataExportMessage {
  exportId: string;
  userId: string;
  /** The language of the screen that asked, for the e-mail of an account that never chose one. */
  language?: SellerLanguage | null;
}
