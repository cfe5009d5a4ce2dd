/** Bytes that pass the magic-number checks (the routes that only store photos never decode them). */
export function fakePhoto(kind: "jpeg" | "png" | "webp" = "jpeg", size = 64, fill = 7): Uint8Array {
  const body = new Uint8Array(size).fill(fill);
  const header =
    kind === "jpeg"
      ? [0xff, 0xd8, 0xff, 0xe0]
      : kind === "png"
        ? [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
        : [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50];
  body.set(header);
  return body;
}

export function photoForm(files: { bytes: Uint8Array; name: string; type?: string }[]) {
  const form = new FormData();
  for (const f of files) form.append("images", new File([f.bytes], f.name, { type: f.type ?? "image/jpeg" }));
  return form;
}
