import { overridePasswordCostForTests, TEST_PASSWORD_COST } from "../../worker/lib/passwords";

overridePasswordCostForTests(TEST_PASSWORD_COST);
