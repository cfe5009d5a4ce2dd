// `?module` asks workerd (and both Cloudflare Vite/Vitest plugins) for a compiled WebAssembly.Module; it also
// keeps TypeScript from picking the `.wasm.d.ts` some packages ship, which types the instance's exports.
declare module "*.wasm?module" {
  const compiled: WebAssembly.Module;
  export default compiled;
}
