/**
 * A ZIP written into an R2 object as it is made, so a seller's whole catalogue with its photos never sits in
 * the Worker's 128 MB at once: fflate's streaming `Zip` hands over the archive's bytes as each file is pushed,
 * and every PART_BYTES of them go up as one part of an R2 multipart upload. What is held at a time is one
 * part being filled plus the chunk just read (photos are read from their own R2 stream, chunk by chunk).
 *
 * R2 asks every part but the last to be at least 5 MiB and all of them the same size: the parts are cut at
 * exactly PART_BYTES. fflate writes no ZIP64, so an archive past 4 GiB would be unreadable: it fails instead.
 */
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";

export const PART_BYTES = 5 * 1024 * 1024;
/** The classic ZIP's offsets are 32-bit. */
const ZIP_MAX_BYTES = 0xffff_ffff;

export class ZipTooLarge extends Error {
  constructor() {
    super("the export passes the 4 GiB a ZIP without ZIP64 holds");
    this.name = "ZipTooLarge";
  }
}

export class ZipToR2 {
  private readonly zip: Zip;
  private chunks: Uint8Array[] = [];
  private buffered = 0;
  private failure: Error | null = null;
  private readonly parts: R2UploadedPart[] = [];
  /** Bytes of the archive so far. */
  bytes = 0;
  /** The most bytes this writer held at once (the part being filled, and the part being sent): the bench reports it. */
  peakHeld = 0;

  constructor(
    private readonly upload: R2MultipartUpload,
    private readonly partBytes = PART_BYTES,
  ) {
    this.zip = new Zip((err, data, _final) => {
      if (err) this.failure ??= err;
      else {
        this.chunks.push(data);
        this.buffered += data.length;
        this.bytes += data.length;
        this.peakHeld = Math.max(this.peakHeld, this.buffered);
        if (this.bytes > ZIP_MAX_BYTES) this.failure ??= new ZipTooLarge();
      }
    });
  }

  /** A file already compressed (a JPEG, a WebP), stored as it is, read from `body` chunk by chunk. */
  async addStream(name: string, body: ReadableStream<Uint8Array>): Promise<void> {
    const file = new ZipPassThrough(name);
    this.zip.add(file);
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      file.push(value);
      await this.flush();
    }
    file.push(new Uint8Array(0), true);
    await this.flush();
  }

  /** A text file (a CSV), deflated, given in pieces so a long one is never one string. */
  async addText(name: string, pieces: Iterable<string>): Promise<void> {
    const file = new ZipDeflate(name, { level: 6 });
    this.zip.add(file);
    const encoder = new TextEncoder();
    let pending = "";
    for (const piece of pieces) {
      pending += piece;
      if (pending.length >= 64 * 1024) {
        file.push(encoder.encode(pending));
        pending = "";
        await this.flush();
      }
    }
    file.push(encoder.encode(pending), true);
    await this.flush();
  }

  /** Ends the archive, sends its last part and completes the object. Returns the archive's size. */
  async finish(): Promise<number> {
    this.zip.end();
    await this.flush();
    // The last part may be short; an empty archive still has its end record, so there is always one.
    if (this.buffered > 0 || this.parts.length === 0) await this.send(this.take(this.buffered));
    await this.upload.complete(this.parts);
    return this.bytes;
  }

  /** Drops the parts sent so far: nothing of a failed export stays in the bucket. */
  async abort(): Promise<void> {
    this.chunks = [];
    this.buffered = 0;
    await this.upload.abort();
  }

  private async flush(): Promise<void> {
    if (this.failure) throw this.failure;
    while (this.buffered >= this.partBytes) await this.send(this.take(this.partBytes));
  }

  /** The first `size` buffered bytes, as one array; the rest stays buffered. */
  private take(size: number): Uint8Array {
    const part = new Uint8Array(size);
    let filled = 0;
    while (filled < size) {
      const chunk = this.chunks[0]!;
      const used = Math.min(chunk.length, size - filled);
      part.set(chunk.subarray(0, used), filled);
      filled += used;
      if (used === chunk.length) this.chunks.shift();
      else this.chunks[0] = chunk.subarray(used);
    }
    this.buffered -= size;
    this.peakHeld = Math.max(this.peakHeld, this.buffered + size);
    return part;
  }

  private async send(part: Uint8Array): Promise<void> {
    this.parts.push(await this.upload.uploadPart(this.parts.length + 1, part));
  }
}
