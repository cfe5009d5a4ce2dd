/**
 * The latest rendered store pages kept in this isolate's memory, in front of
 * the edge cache. Keyed like the edge cache (origin, path, store id, store
 * version, build, browse state), so an entry is never stale: a save makes a
 * new version and so a new key, and the old pages only wait to be pushed out.
 *
 * Why: with the store's version remembered (worker/lib/store-version.ts), a
 * cached page's remaining cost beyond a static file was the Cache API itself
 * (a lookup and the page's bytes streamed from it into the answer); a page
 * read from memory costs about what any Worker answer does (measured in
 * docs/performance.md, `npm run bench:store`).
 */

export interface RememberedPage {
  /** The page as sent, encoded once. */
  body: Uint8Array;
  etag: string;
  /** How many products a store or search page listed, for counting searches; null when not known. */
  results: number | null;
}

/** The pages' bytes together stay under this: a 60-product store page is about 60 KiB, so a hundred or so. */
export const MAX_PAGE_BYTES = 8 * 1024 * 1024;

export class PageMemory {
  private readonly pages = new Map<string, RememberedPage>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): RememberedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    // Most recently used goes last, so the first key is the one to drop.
    this.pages.delete(key);
    this.pages.set(key, page);
    return page;
  }

  set(key: string, page: RememberedPage) {
    this.delete(key);
    // A page bigger than the whole memory would only push out everything else.
    if (page.body.byteLength > this.maxBytes) return;
    this.pages.set(key, page);
    this.bytes += page.body.byteLength;
    for (const [oldest, kept] of this.pages) {
      if (this.bytes <= this.maxBytes) break;
      this.pages.delete(oldest);
      this.bytes -= kept.body.byteLength;
    }
  }

  /** Forgets every page (an isolate that never served them, for the tests). */
  clear() {
    this.pages.clear();
    this.bytes = 0;
  }

  get size() {
    return this.pages.size;
  }

  get totalBytes() {
    return this.bytes;
  }

  private delete(key: string) {
    const kept = this.pages.get(key);
    if (!kept) return;
    this.pages.delete(key);
    this.bytes -= kept.body.byteLength;
  }
}

/** This isolate's store pages. */
export const storePageMemory = new PageMemory(MAX_PAGE_BYTES);
