/** Vite inlines a file imported with ?inline as a data: URL (the photographic fixture of the tests). */
declare module "*.jpg?inline" {
  const dataUrl: string;
  export default dataUrl;
}

/** Vite gives a file imported with ?raw as its text (public/_headers, compared with the Worker's copy). */
declare module "*?raw" {
  const text: string;
  export default text;
}
