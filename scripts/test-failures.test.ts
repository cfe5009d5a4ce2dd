import { describe, expect, it } from "vitest";
import { whatFailed } from "./test-failures.ts";

// vitest 4's own output for two failing tests, colours included (as `npm test` keeps it on a terminal).
const vitestOutput =
  '\n\u001b[1m\u001b[30m\u001b[46m RUN \u001b[49m\u001b[39m\u001b[22m \u001b[36mv4.1.12 \u001b[39m\u001b[90m/work/main\u001b[39m\n\n \u001b[31m\u276f\u001b[39m \u001b[30m\u001b[46m web \u001b[49m\u001b[39m common/zz-tmp.test.ts \u001b[2m(\u001b[22m\u001b[2m2 tests\u001b[22m\u001b[2m | \u001b[22m\u001b[31m2 failed\u001b[39m\u001b[2m)\u001b[22m\u001b[32m 7\u001b[2mms\u001b[22m\u001b[39m\n\u001b[31m     \u001b[31m\u00d7\u001b[31m cuenta el stock\u001b[39m\u001b[32m 5\u001b[2mms\u001b[22m\u001b[39m\n\u001b[31m     \u001b[31m\u00d7\u001b[31m espera\u001b[39m\u001b[32m 1\u001b[2mms\u001b[22m\u001b[39m\n\n\u001b[31m\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u001b[39m\u001b[1m\u001b[41m Failed Tests 2 \u001b[49m\u001b[22m\u001b[31m\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u001b[39m\n\n\u001b[41m\u001b[1m FAIL \u001b[22m\u001b[49m \u001b[30m\u001b[46m web \u001b[49m\u001b[39m common/zz-tmp.test.ts\u001b[2m > \u001b[22mpedido\u001b[2m > \u001b[22mcuenta el stock\n\u001b[31m\u001b[1mAssertionError\u001b[22m: expected 2 to be 3 // Object.is equality\u001b[39m\n\n\u001b[32m- Expected\u001b[39m\n\u001b[31m+ Received\u001b[39m\n\n\u001b[32m- 3\u001b[39m\n\u001b[31m+ 2\u001b[39m\n\n\u001b[36m \u001b[2m\u276f\u001b[22m common/zz-tmp.test.ts:\u001b[2m4:19\u001b[22m\u001b[39m\n    \u001b[90m  2|\u001b[39m \u001b[34mdescribe\u001b[39m(\u001b[32m"pedido"\u001b[39m\u001b[33m,\u001b[39m () \u001b[33m=>\u001b[39m {\n    \u001b[90m  3|\u001b[39m   \u001b[34mit\u001b[39m(\u001b[32m"cuenta el stock"\u001b[39m\u001b[33m,\u001b[39m () \u001b[33m=>\u001b[39m {\n    \u001b[90m  4|\u001b[39m     \u001b[34mexpect\u001b[39m(\u001b[34m1\u001b[39m \u001b[33m+\u001b[39m \u001b[34m1\u001b[39m)\u001b[33m.\u001b[39m\u001b[34mtoBe\u001b[39m(\u001b[34m3\u001b[39m)\u001b[33m;\u001b[39m\n    \u001b[90m   |\u001b[39m                   \u001b[31m^\u001b[39m\n    \u001b[90m  5|\u001b[39m   })\u001b[33m;\u001b[39m\n    \u001b[90m  6|\u001b[39m   \u001b[34mit\u001b[39m(\u001b[32m"espera"\u001b[39m\u001b[33m,\u001b[39m \u001b[35masync\u001b[39m () \u001b[33m=>\u001b[39m {\n\n\u001b[31m\u001b[2m\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af[1/2]\u23af\u001b[22m\u001b[39m\n\n\u001b[41m\u001b[1m FAIL \u001b[22m\u001b[49m \u001b[30m\u001b[46m web \u001b[49m\u001b[39m common/zz-tmp.test.ts\u001b[2m > \u001b[22mpedido\u001b[2m > \u001b[22mespera\n\u001b[31m\u001b[1mError\u001b[22m: locator.waitFor: Timeout 60000ms exceeded.\u001b[39m\n\u001b[36m \u001b[2m\u276f\u001b[22m common/zz-tmp.test.ts:\u001b[2m7:11\u001b[22m\u001b[39m\n    \u001b[90m  5|\u001b[39m   })\u001b[33m;\u001b[39m\n    \u001b[90m  6|\u001b[39m   \u001b[34mit\u001b[39m(\u001b[32m"espera"\u001b[39m\u001b[33m,\u001b[39m \u001b[35masync\u001b[39m () \u001b[33m=>\u001b[39m {\n    \u001b[90m  7|\u001b[39m     \u001b[35mthrow\u001b[39m \u001b[35mnew\u001b[39m \u001b[33mError\u001b[39m(\u001b[32m"locator.waitFor: Timeout 60000ms exceeded."\u001b[39m)\u001b[33m;\u001b[39m\n    \u001b[90m   |\u001b[39m           \u001b[31m^\u001b[39m\n    \u001b[90m  8|\u001b[39m   })\u001b[33m;\u001b[39m\n    \u001b[90m  9|\u001b[39m })\u001b[33m;\u001b[39m\n\n\u001b[31m\u001b[2m\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af\u23af[2/2]\u23af\u001b[22m\u001b[39m\n\n\n\u001b[2m Test Files \u001b[22m \u001b[1m\u001b[31m1 failed\u001b[39m\u001b[22m\u001b[90m (1)\u001b[39m\n\u001b[2m      Tests \u001b[22m \u001b[1m\u001b[31m2 failed\u001b[39m\u001b[22m\u001b[90m (2)\u001b[39m\n\u001b[2m   Start at \u001b[22m 02:39:07\n\u001b[2m   Duration \u001b[22m 147ms\u001b[2m (transform 19ms, setup 0ms, import 27ms, tests 7ms, environment 0ms)\u001b[22m\n\n';

describe("whatFailed", () => {
  it("names each failing test with the first line of its error, without colours", () => {
    expect(whatFailed(vitestOutput)).toBe(
      [
        "  FAIL web common/zz-tmp.test.ts > pedido > cuenta el stock",
        "      AssertionError: expected 2 to be 3 // Object.is equality",
        "  FAIL web common/zz-tmp.test.ts > pedido > espera",
        "      Error: locator.waitFor: Timeout 60000ms exceeded.",
      ].join("\n"),
    );
  });

  it("keeps at most the given number of failures", () => {
    expect(whatFailed(vitestOutput, 1).split("\n")).toHaveLength(2);
  });

  it("falls back to a step's last lines when it is not vitest (lint, typecheck)", () => {
    const tsc = Array.from({ length: 30 }, (_, i) => `worker/routes/orders.ts(${i + 1},3): error TS2322: Type 'string' is not assignable.`);
    const shown = whatFailed(`${tsc.join("\n")}\n\n`).split("\n");
    expect(shown).toHaveLength(15);
    expect(shown.at(-1)).toBe("  worker/routes/orders.ts(30,3): error TS2322: Type 'string' is not assignable.");
  });
});
