import { createRootRoute, createRoute, createRouter, Outlet } from "@tanstack/react-router";
import { validateAuthSearch } from "./routes/auth-error";
import { SignedInGuard, SignedOutOnly } from "./routes/guard";
import { HomeScreen } from "./routes/home";
import { ImagesScreen } from "./routes/images";
import { LandingScreen } from "./routes/landing";
import { LoginScreen } from "./routes/login";
import { NotFoundScreen } from "./routes/not-found";
import { RegisterScreen } from "./routes/register";
import { SettingsScreen } from "./routes/settings";
import { TermsScreen } from "./routes/terms";

const root = createRootRoute({ component: Outlet, notFoundComponent: NotFoundScreen });

const landing = createRoute({ getParentRoute: () => root, path: "/", component: LandingScreen });
const terms = createRoute({ getParentRoute: () => root, path: "/terminos-y-condiciones", component: TermsScreen });
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
const home = createRoute({ getParentRoute: () => signedIn, path: "/home", component: HomeScreen });
const images = createRoute({ getParentRoute: () => signedIn, path: "/images", component: ImagesScreen });
const settings = createRoute({ getParentRoute: () => signedIn, path: "/settings", component: SettingsScreen });

const routeTree = root.addChildren([landing, terms, login, register, signedIn.addChildren([home, images, settings])]);

export const router = createRouter({ routeTree, defaultPreload: "intent" });

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
