import { describe, expect, it } from "vitest";
import { PageMemory, type RememberedPage } from "../../worker/pages/page-memory";

const pageOf = (bytes: number, etag = `"${bytes}"`): RememberedPage => ({ body: new Uint8Array(bytes), etag, results: 3 });

describe("the isolate's memory of store pages", () => {
  it("keeps the pages' bytes under its bound, pushing out the least recently served first", () => {
    const memory = new PageMemory(1000);
    memory.set("/u/a", pageOf(400));
    memory.set("/u/b", pageOf(400));
    // Served again: the page of /u/b is now the oldest.
    expect(memory.get("/u/a")?.etag).toBe('"400"');
    memory.set("/u/c", pageOf(300));
    expect(memory.get("/u/b")).toBeUndefined();
    expect(memory.get("/u/a")?.body.byteLength).toBe(400);
    expect(memory.get("/u/c")?.results).toBe(3);
    expect(memory.totalBytes).toBe(700);
    expect(memory.size).toBe(2);
  });

  it("counts a page stored again under the same key once, and never keeps one bigger than the whole memory", () => {
    const memory = new PageMemory(1000);
    memory.set("/u/a", pageOf(600));
    memory.set("/u/a", pageOf(700, '"nueva"'));
    expect(memory.totalBytes).toBe(700);
    expect(memory.get("/u/a")?.etag).toBe('"nueva"');
    memory.set("/u/b", pageOf(900));
    expect(memory.get("/u/a")).toBeUndefined();
    expect(memory.totalBytes).toBe(900);
    memory.set("/u/enorme", pageOf(1001));
    expect(memory.get("/u/enorme")).toBeUndefined();
    expect(memory.get("/u/b")?.body.byteLength).toBe(900);
    expect(memory.totalBytes).toBe(900);
  });
});
