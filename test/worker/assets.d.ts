/** Vite inlines a file imported with ?inline as a data: URL (the photographic fixture of the tests). */
declare module "*.jpg?inline" {
  const dataUrl: string;
  export default dataUrl;
}
