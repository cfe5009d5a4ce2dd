import type source from "./es";

export default {
  loadFailed: "We couldn't load your customers.",
  noPurchases: "No purchases yet",
  forgetFailed: "We couldn't erase their details.",
  forgotten: "We've erased {name}'s details from your orders.",
  backToOrders: "← Back to Orders",
  title: "Customers",
  intro: "The people who bought from your store, most recent first, with what they bought.",
  searchLabel: "Search by name or WhatsApp",
  searchPlaceholder: "Name or number",
  loading: "Loading customers…",
  retry: "Try again",
  emptyTitle: "You don't have any customers yet",
  emptyHint: "When someone sends you an order from your store, they show up here.",
  noMatch: "No customer matches «{query}».",
  ordersAndSpent: "{count, plural, one {# order} other {# orders}} · Bought: {spent}",
  lastOrder: "Last order #{code} on {date}",
  writeWhatsapp: "Message on WhatsApp",
  writeTo: " to {name} (opens in a new tab)",
  forget: "Erase their details",
  forgetTitle: "Erase {name}'s details?",
  forgetBody:
    "Do it when your customer asks you to. We erase their name, WhatsApp, address and notes from all their orders; the orders stay, without their details, for your records. This can't be undone.",
  openOrders:
    "They have {count, plural, one {an order in progress} other {# orders in progress}}: deliver or cancel them first, so you don't lose their address.",
  back: "Back",
} satisfies Record<keyof typeof source, string>;
