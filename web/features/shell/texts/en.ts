import type source from "./es";

export default {
  skipToContent: "Skip to content",
  openMenu: "Open menu",
  openMenuNewOrders: "Open menu ({count, plural, one {# new order} other {# new orders}})",
  balanceImages: "{count, plural, one {# image} other {# images}}",
  buyImages: "Buy images",
  help: "Help",

  menuMain: "Main menu",
  menuDrawer: "Menu",
  closeMenu: "Close menu",
  newOrdersBadge: "{count, plural, one {new order} other {new orders}}",
  socialLinks: "Social media",
  socialProfile: "Vidriera on {network} (opens in a new tab)",
  entryProducts: "Products",
  entryImages: "Images",
  entryStore: "My Store",
  entryOrders: "Orders",
  entryStats: "Statistics",
  entryCoupons: "Discount codes",
  entryBuyImages: "Buy images",
  entrySettings: "Settings",

  faqTitle: "Frequently asked questions",
  faqCostQ: "How much does each photo cost?",
  faqCostA:
    "Each image you generate or edit uses 1 image from your balance (Pro Quality uses 2). You start with 10 free and then buy packs in “Buy images”.",
  faqFailQ: "What if an image comes out wrong or fails?",
  faqFailA: "If a generation fails, the image goes back to your balance automatically. If you don’t like it, you can generate it again.",
  faqPublishQ: "How do my customers see a product?",
  faqPublishA: "In “Set prices”, type a price and tap “Publish”. Your store only shows published products that have a price.",
  faqOrdersQ: "How do orders reach me?",
  faqOrdersA:
    "Your customers fill their cart and send you the order with its code on WhatsApp. You also see them in “Orders”, where you can reply to them.",
  faqFeesQ: "Does the store charge commission?",
  faqFeesA:
    "No. You can try it for free; the My Store Plan is a one-off payment of {price} that removes the “Store in trial mode” notice. Everything you sell is yours.",
  faqShareQ: "How do I share my store?",
  faqShareA: "In “My Store”: “Share on WhatsApp”, “Copy for Instagram” or the QR code to print.",
  helpMore: "Any other question or problem? Write to us and we will reply as soon as we can.",
  helpMailSubject: "Help with Vidriera",
  helpMail: "Email us",
  helpWhatsappMessage: "Hello, I need help with Vidriera.",
  helpWhatsapp: "Message us on WhatsApp",
  opensInNewTab: " (opens in a new tab)",
  helpNoChannel: "This site has no contact channel yet: the questions above answer the most common doubts.",
  helpFirstTime: "First time here? See how it works in four steps.",
  helpShowTutorial: "View tutorial",

  tutorialTitle: "How to use Vidriera",
  tutorialStep: "Step {step} of {total}",
  close: "Close",
  tutorialNext: "Next",
  tutorialDone: "Got it",
  tutorialUploadTitle: "Upload a photo of your product",
  tutorialUploadText: "Tap “Add product” and pick a photo from your gallery or take one with the camera. A simple phone photo is enough.",
  tutorialChooseTitle: "Choose how you want it",
  tutorialChooseText:
    "Tap your product and choose front or back view, who it is for (Baby, Boy, Girl or Adult) and whether the garment goes alone or as an outfit.",
  tutorialGenerateTitle: "Generate your image",
  tutorialGenerateText:
    "Tap “Generate 1 image” and in seconds you have your catalogue photo. Each photo uses one of your available images.",
  tutorialSellTitle: "Download it and sell",
  tutorialSellText:
    "In “Images” you find all your photos to download or edit. Put them in your online store and receive orders on WhatsApp.",

  maintenanceTitle: "Site under maintenance",
  maintenanceText: "We are making improvements so Vidriera works better. Please try again in a few minutes.",
  retry: "Try again",

  sessionFailed: "Your session could not be loaded",

  notFoundTitle: "Page not found",
  notFoundText: "This page does not exist",
  notFoundHome: "Back to home",
} satisfies Record<keyof typeof source, string>;
