import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { adoptPrerenderedLanding, dismissPrerenderedLanding } from "./features/landing/landing-takeover";
import { MaintenanceDialog } from "./features/shell/maintenance-dialog";
import { PageToasts } from "./ui/toast-host";
import { watchTheme } from "./lib/theme";
import { retryTransient } from "./lib/api";
import { startFirstLoad } from "./lib/first-load";
import { router } from "./router";
import { sessionQuery } from "./lib/queries";
import { followAccountLanguage, startSellerLanguage } from "./i18n/language";
import type { User } from "../common/user";
import "./styles.css";

watchTheme();
// Queries try again by themselves after a lost connection or a server error, not after a 4xx.
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: retryTransient } } });
startFirstLoad(queryClient, location.pathname);
// The account's language, on a device that did not know it yet (a sign-in elsewhere, a new browser).
queryClient.getQueryCache().subscribe((event) => {
  if (event.type === "updated" && event.query.queryKey[0] === sessionQuery.queryKey[0])
    followAccountLanguage((event.query.state.data as User | null | undefined)?.sellerLanguage);
});

function start() {
  const landing = adoptPrerenderedLanding();
  if (landing) {
    void import("./features/landing/landing-island").then(({ hydrateLanding }) => hydrateLanding(landing, queryClient));
    // The "/" screen dismisses it as the next one commits; this covers a navigation that leaves before that screen mounted.
    router.subscribe("onResolved", ({ toLocation }) => {
      if (toLocation.pathname !== "/") dismissPrerenderedLanding();
    });
  }

  const root = createRoot(document.getElementById("root")!);
  const render = () =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <PageToasts />
          <MaintenanceDialog />
        </QueryClientProvider>
      </StrictMode>,
    );
  // On the prerendered landing the app's first render draws nothing a visitor sees: as a transition, React does it in
  // slices that leave the phone free to answer a tap, instead of one long task (Lighthouse's blocking time).
  if (landing) startTransition(render);
  else render();
}

// Spanish is ready at once; another language first loads its one catalogue chunk.
void startSellerLanguage().then(start);
