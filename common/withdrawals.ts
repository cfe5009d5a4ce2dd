/**
 * A buyer's 'Botón de arrepentimiento' request as the seller's app reads it (GET /api/withdrawals); its rules
 * live in worker/lib/withdrawals.ts.
 */
export interface WithdrawalRequest {
  id: string;
  /** What the buyer keeps and quotes: "ARR-7K2P9Q". */
  code: string;
  /** The order's code as the buyer gave it, without '#'. */
  orderCode: string;
  /** Whether the code names one of the store's orders (a request for a code it does not know is still kept). */
  orderFound: boolean;
  buyerName: string;
  /** A WhatsApp or an e-mail, as the buyer wrote it. */
  contact: string;
  createdAt: string;
  answeredAt: string | null;
}

/** The countries whose stores show the button: the resolution is Argentine law. */
export const WITHDRAWAL_COUNTRIES: ReadonlySet<string> = new Set(["AR"]);

export const offersWithdrawal = (countryCode: string | null | undefined) => WITHDRAWAL_COUNTRIES.has(countryCode ?? "");
