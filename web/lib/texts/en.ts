import type source from "./es";

export default {
  noConnection: "No connection to the server. Check your internet and try again.",
  readImageFailed: "The image could not be read.",
  configFailed: "The settings could not be loaded.",

  downloadOk: "Image downloaded.",
  downloadFailed: "The image could not be downloaded.",
  downloadError: "Error downloading the image.",

  generateAdFailed: "Error generating the image",
  generateBackFailed: "Error generating the back view image",
  generateBabyFailed: "Error generating the baby image",
  generateKidFailed: "Error generating the boy image",
  generateGirlKidFailed: "Error generating the girl image",
  generateOutfitFailed: "Error generating the outfit image",
  generatePersonalizedFailed: "Error generating the personalised image",
  personalizeNetworkError: "Network error generating the personalised image",
  generationStillRunning: "The generation is still running. You will find it in your gallery when it finishes.",
  modifyFailed: "Something went wrong while editing the image.",
  productAndImageFailed: "Error generating the product and image",

  ordersFailed: "The orders could not be loaded.",
  pricesFailed: "The prices could not be loaded.",
  ratesFailed: "The exchange rates could not be loaded.",
  paymentStatusFailed: "We could not check the payment status.",

  sessionFailed: "Your session could not be loaded.",
  googleFailed: "We could not check sign-in with Google.",
  productsFailed: "Error loading the products",
  galleryFailed: "The generated images could not be loaded.",
  productImagesFailed: "Error loading the product’s images.",
  jobsFailed: "We could not check the status of your generations.",
  batchesFailed: "We could not check your batches.",
  credentialsFailed: "Wrong email or password, or a server error. Please try again.",
  logoutFailed: "You could not be signed out.",

  instagramCopied: "Text copied: paste it in your Instagram bio or in a story with the “Link” sticker.",

  storeModelFailed: "Your store’s model could not be loaded.",
  storeModelSaveFailed: "Your store’s model could not be saved. Please try again.",
  storeModelRemoveFailed: "Your store’s model could not be removed. Please try again.",
  storeModelSaved: "Done: it is your store’s model for {audience}.",
  storeModelRemoved: "You removed your store’s model for {audience}.",
  audienceAdult: "Adult",
  audienceBaby: "Baby",
  audienceBoy: "Boy",
  audienceGirl: "Girl",

  themeLight: "Light",
  themeDark: "Dark",
  themeSystem: "System",

  loginToBuy: "You need to sign in to buy credits.",
  unexpectedPaymentError: "An unexpected error occurred while processing the payment.",
  checkoutFailed: "Error opening the payment ({status})",
  missingPaymentUrl: "No payment link was received from {provider}.",

  uploadFailed: "Error uploading the products",
} satisfies Record<keyof typeof source, string>;
