import { createRootRoute, createRoute, createRouter, lazyRouteComponent, Outlet } from "@tanstack/react-router";
import { validateAuthSearch } from "./routes/auth-error";
import { SignedInGuard, SignedOutOnly } from "./routes/guard";
import { LoginScreen } from "./routes/login";
import { NotFoundScreen } from "./routes/not-found";
import { RegisterScreen } from "./routes/register";

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


const landing = page("/", () => import("./routes/landing"), "LandingScreen");
const terms = page("/terminos-y-condiciones", () => import("./routes/terms"), "TermsScreen");
// Not behind the guard: without a user it explains and sends to /login after 3 seconds (spec).
const autoCharge = page("/auto-charge", () => import("./routes/auto-charge"), "AutoChargeScreen");
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

const signedIn = createRoute({ getParentRoute: () => root, id: "signed-in", component: SignedInGuard });
const guarded = <const P extends string>(path: P, load: Parameters<typeof lazyRouteComponent>[0], name: string) =>
  createRoute({ getParentRoute: () => signedIn, path, component: lazyRouteComponent(load, name) });

const home = guarded("/home", () => import("./routes/home"), "HomeScreen");
const images = guarded("/images", () => import("./routes/images"), "ImagesScreen");
const credits = guarded("/credits", () => import("./routes/credits"), "CreditsScreen");
const paymentResult = guarded("/pago", () => import("./routes/payment-result"), "PaymentResultScreen");
const settings = guarded("/settings", () => import("./routes/settings"), "SettingsScreen");
const storeSetup = guarded("/mi-tienda", () => import("./routes/store-setup"), "StoreSetupScreen");
const storeAdmin = guarded("/mi-tienda-admin", () => import("./routes/store-admin"), "StoreAdminScreen");
const pricing = guarded("/product-pricing", () => import("./routes/product-pricing"), "ProductPricingScreen");
const payStore = guarded("/pay-mi-tienda", () => import("./routes/pay-store"), "PayStoreScreen");
const payStoreCard = guarded("/pay-mi-tienda-3", () => import("./routes/pay-store"), "PayStoreCardScreen");

const routeTree = root.addChildren([
  landing,
  terms,
  login,
  register,
  autoCharge,
  signedIn.addChildren([home, images, credits, paymentResult, settings, storeSetup, storeAdmin, pricing, payStore, payStoreCard]),
]);

export const router = createRouter({ routeTree, defaultPreload: "intent" });

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
