import type { ImageVariant } from "./image-variants";
import type { ColorStock } from "./variants";

/** A product as the API answers it (spec section 3). Image fields are app-relative URLs. */
export interface Size {
  name: string;
  stock: number;
}

export interface Product {
  id: string;
  name: string;
  /** The seller's own photo; imageUrl is the same (the spec uses both spellings). */
  imageURL: string | null;
  imageUrl: string | null;
  originalImageUrl: string | null;
  /** The newest generated image of this product, if any. */
  generatedImageUrl: string | null;
  /** Optional text for shoppers, plain (the store page escapes it). */
  description: string | null;
  price: number | null;
  /** Without colours: the stock. With colours: each size once, the stock of all colours added up. */
  sizes: Size[];
  /** Empty for a product without colours; each colour keeps its own sizes' stock. */
  colors: ColorStock[];
  /** Units of a product without colours nor sizes; null or absent: not counted, it sells without limit. */
  stock?: number | null;
  storeImageURLs: string[];
  /** Shown in the public store (with a price); false while it is a draft. */
  published: boolean;
  /** Store category (common/store-browse.ts); null: none. */
  category?: string | null;
  /** Short code a buyer quotes (e.g. R4TQ9), unique in the seller's store; null only if one could not be drawn. */
  code?: string | null;
  createdAt: string;
  createdBy: string;
}

export interface GalleryImage {
  imageId: string;
  imageUrl: string;
  productId: string;
  productName: string | null;
  /** What it shows (Frente, Detrás, Bebé, …, Modificada): common/image-variants.ts. */
  variant: ImageVariant;
  variantLabel: string;
  createdAt: string;
  /** For a modification: the image it replaced, kept for before/after and 'Restaurar original'. */
  original: { imageId: string; imageUrl: string } | null;
}
