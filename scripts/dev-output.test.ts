import { describe, expect, it } from "vitest";
import { devOutput, localAddress, readyMessage, REQUEST_LOG } from "./dev-output";

describe("npm run dev's output", () => {
  it("moves the Worker's request lines to a file and says only when one failed", () => {
    const read = devOutput();
    const ok = '{"level":"info","message":"request","requestId":"a1","method":"GET","route":"/api/config","status":200,"ms":1}';
    expect(read(ok)).toEqual({ file: ok });
    const failed = '{"level":"error","message":"request","requestId":"b2","method":"POST","route":"/api/orders","status":500,"ms":9}';
    expect(read(failed)).toEqual({ file: failed, notice: `  ⚠ POST /api/orders respondió 500 (detalle en ${REQUEST_LOG})` });
    expect(read("  VITE v8.3.8  ready in 9663 ms")).toEqual({ show: "  VITE v8.3.8  ready in 9663 ms" });
    expect(read("{not json")).toEqual({ show: "{not json" });
  });

  it("frames the local e-mail, every line of it, and keeps request lines out of it", () => {
    const read = devOutput();
    expect(read("[outbox] Correo para demo@vidriera.test: Crea una nueva contraseña")).toEqual({
      show: "\n┌─ Correo local ─────────────────────────\n│ Correo para demo@vidriera.test: Crea una nueva contraseña",
    });
    expect(read("http://localhost:5173/restablecer#token=abc")).toEqual({ show: "│ http://localhost:5173/restablecer#token=abc" });
    expect(read("(también en /api/dev/outbox)")).toEqual({
      show: "(también en /api/dev/outbox)\n└────────────────────────────────────────",
    });
    const after = '{"level":"info","message":"request","method":"GET","route":"/","status":200}';
    expect(read(after)).toEqual({ file: after });
  });

  it("finds Vite's address and says where everything is", () => {
    expect(
      localAddress("  \u001b[32m➜\u001b[39m  \u001b[1mLocal\u001b[22m:   \u001b[36mhttp://localhost:\u001b[1m5173\u001b[22m/\u001b[39m"),
    ).toBe("http://localhost:5173");
    expect(localAddress("  ➜  Network: use --host to expose")).toBeNull();
    const ready = readyMessage("http://localhost:5173", { email: "demo@vidriera.test", password: "vidriera-demo" });
    expect(ready).toContain("Vidriera está lista en http://localhost:5173");
    expect(ready).toContain("demo@vidriera.test / vidriera-demo");
    expect(ready).toContain("http://localhost:5173/api/dev/outbox");
  });
});
