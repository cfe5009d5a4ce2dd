import { overridePasswordCostForTests } from "../../worker/lib/passwords";

/** scrypt at 1/96 of the production work (N 2^10 instead of 2^15, p 1 instead of 3): the same code, a cheaper hash. */
export const TEST_PASSWORD_COST = { N: 2 ** 10, r: 8, p: 1 };

overridePasswordCostForTests(TEST_PASSWORD_COST);
