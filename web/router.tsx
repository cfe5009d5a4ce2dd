import { createRootRoute, createRoute, createRouter, lazyRouteComponent, Outlet } from "@tanstack/react-router";
import { validateAuthSearch } from "./features/auth/auth-error";
import { SignedInGuard, SignedOutOnly } from "./features/shell/guard";
import { LoginScreen } from "./features/auth/login";
import { NotFoundScreen } from "./features/shell/not-found";
import { RegisterScreen } from "./features/auth/register";
import { validateAdminSearch } from "./features/store-admin/admin-sections";
import { preloadSection } from "./features/store-admin/admin-section-code";

/**
 * The spec's route table (section 2). Every screen is its own chunk, loaded
 * when first visited, so a route only downloads what it needs. Login and
 * register are in the entry: they are small, are where signed-out visitors
 * land, and switch to <Navigate> right after signing in, which a suspended
 * lazy component cannot do cleanly.
 */
const root = createRootRoute({ component: Outlet, notFoundComponent: NotFoundScreen });

const page = <const P extends string>(path: P, load: Parameters<typeof lazyRouteComponent>[0], name: string) =>
  createRoute({ getParentRoute: () => root, path, component: lazyRouteComponent(load, name) });

const landing = page("/", () => import("./features/landing/landing"), "LandingScreen");
const terms = page("/terminos-y-condiciones", () => import("./features/landing/terms"), "TermsScreen");
// Not behind the guard: without a user it explains and sends to /login after 3 seconds (spec).
const autoCharge = page("/auto-charge", () => import("./features/credits/auto-charge"), "AutoChargeScreen");
const login = createRoute({
  getParentRoute: () => root,
  path: "/login",
  validateSearch: validateAuthSearch,
  component: () => (
    <SignedOutOnly>
      <LoginScreen />
    </SignedOutOnly>
  ),
});
const register = createRoute({
  getParentRoute: () => root,
  path: "/register",
  validateSearch: validateAuthSearch,
  component: () => (
    <SignedOutOnly>
      <RegisterScreen />
    </SignedOutOnly>
  ),
});

// The recovery screens are their own chunk: few visitors ever need them.
const forgotPassword = createRoute({
  getParentRoute: () => root,
  path: "/recuperar",
  component: () => (
    <SignedOutOnly>
      <ForgotPassword />
    </SignedOutOnly>
  ),
});
const ForgotPassword = lazyRouteComponent(() => import("./features/auth/password-recovery"), "ForgotPasswordScreen");
// Not signed-out only: someone signed in on this device may still follow the link (it ends every session).
const resetPassword = page("/restablecer", () => import("./features/auth/password-recovery"), "ResetPasswordScreen");
// The weekly e-mail's unsubscribe link works signed out: its token is its authority.
// Where a deleted account lands: signed out by then, so not guarded.
const accountDeleted = page("/cuenta-eliminada", () => import("./features/settings/account-deleted"), "AccountDeletedScreen");
const unsubscribe = page("/estadisticas/baja", () => import("./features/store-stats/unsubscribe"), "UnsubscribeScreen");

const signedIn = createRoute({ getParentRoute: () => root, id: "signed-in", component: SignedInGuard });
const guarded = <const P extends string>(path: P, load: Parameters<typeof lazyRouteComponent>[0], name: string) =>
  createRoute({ getParentRoute: () => signedIn, path, component: lazyRouteComponent(load, name) });

const home = guarded("/home", () => import("./features/products/home"), "HomeScreen");
const images = guarded("/images", () => import("./features/gallery/images"), "ImagesScreen");
const credits = guarded("/credits", () => import("./features/credits/credits"), "CreditsScreen");
const paymentResult = guarded("/pago", () => import("./features/credits/payment-result"), "PaymentResultScreen");
const settings = guarded("/settings", () => import("./features/settings/settings"), "SettingsScreen");
const storeSetup = guarded("/mi-tienda", () => import("./features/store-admin/store-setup"), "StoreSetupScreen");
// ?seccion= picks what the seller does there (products, orders, delivery and payment, sharing, details).
const storeAdmin = createRoute({
  getParentRoute: () => signedIn,
  path: "/mi-tienda-admin",
  validateSearch: validateAdminSearch,
  // A section's own code downloads beside the screen's, not after it.
  loaderDeps: ({ search }) => ({ seccion: search.seccion }),
  loader: ({ deps }) => preloadSection(deps.seccion),
  component: lazyRouteComponent(() => import("./features/store-admin/store-admin"), "StoreAdminScreen"),
});
const orders = guarded("/pedidos", () => import("./features/orders/orders"), "OrdersScreen");
const pricing = guarded("/product-pricing", () => import("./features/store-admin/product-pricing"), "ProductPricingScreen");
const payStore = guarded("/pay-mi-tienda", () => import("./features/store-admin/pay-store"), "PayStoreScreen");
const payStoreCard = guarded("/pay-mi-tienda-3", () => import("./features/store-admin/pay-store"), "PayStoreCardScreen");
// Batches (not in the spec's table): one look for many products, its progress, and its pricing grid.
const newBatch = guarded("/lote", () => import("./features/batch/batch-new"), "BatchNewScreen");
const batch = guarded("/lote/$id", () => import("./features/batch/batch-screen"), "BatchScreen");
const batchPricing = guarded("/lote/$id/precios", () => import("./features/batch/pricing-grid"), "BatchPricingScreen");
const sizeGuides = guarded("/guias-de-talles", () => import("./features/size-guides/size-guides"), "SizeGuidesScreen");
const coupons = guarded("/cupones", () => import("./features/coupons/coupons"), "CouponsScreen");
const customers = guarded("/clientes", () => import("./features/customers/customers"), "CustomersScreen");
const stats = guarded("/estadisticas", () => import("./features/store-stats/stats-screen"), "StatsScreen");

const routeTree = root.addChildren([
  landing,
  terms,
  login,
  register,
  forgotPassword,
  resetPassword,
  unsubscribe,
  accountDeleted,
  autoCharge,
  signedIn.addChildren([
    home,
    images,
    credits,
    paymentResult,
    settings,
    storeSetup,
    storeAdmin,
    orders,
    pricing,
    payStore,
    payStoreCard,
    newBatch,
    batch,
    batchPricing,
    stats,
    customers,
    sizeGuides,
    coupons,
  ]),
]);

export const router = createRouter({ routeTree, defaultPreload: "intent" });

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
