import { QueryClientProvider, useQuery, type QueryClient } from "@tanstack/react-query";
import { startTransition, useEffect, useState, type MouseEvent } from "react";
import { hydrateRoot } from "react-dom/client";
import { priceClaims } from "../../../common/price-claims";
import { priceClaimsQuery } from "../../lib/payment-queries";
import { useSession } from "../../lib/session";
import { router } from "../../router";
import { LandingPage, type LandingLink } from "./landing-page";
import { whenLandingDismissed } from "./landing-takeover";

/** A plain link, as prerendered, that navigates inside the app unless the visitor asked for a new tab. */
const IslandLink: LandingLink = ({ to, className, children }) => {
  const onClick = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void router.navigate({ to });
  };
  return (
    <a href={to} className={className} onClick={onClick}>
      {children}
    </a>
  );
};

function Island({ builtIn, onHydrated }: { builtIn: number; onHydrated: () => void }) {
  const { user } = useSession();
  const claims = useQuery(priceClaimsQuery).data;
  // The first render must match the prerendered HTML exactly (a visitor, the build's year, dollars); then the truth.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    onHydrated();
  }, [onHydrated]);
  return (
    <LandingPage
      signedIn={hydrated && user !== null}
      year={hydrated ? new Date().getFullYear() : builtIn}
      Link={IslandLink}
      claims={hydrated && claims ? claims : priceClaims(null)}
    />
  );
}

/** Makes the prerendered landing live without redrawing it. */
export function hydrateLanding(element: HTMLElement, queryClient: QueryClient) {
  // The page is already drawn: hydrating it as a transition lets React work in slices and yield to a tap between them,
  // instead of one long task. Until then its links are plain links and still work.
  startTransition(() => {
    const root = hydrateRoot(
      element,
      <QueryClientProvider client={queryClient}>
        <Island builtIn={Number(element.dataset.year)} onHydrated={() => (element.dataset.hydrated = "true")} />
      </QueryClientProvider>,
      {
        onRecoverableError: (error) => console.error("landing hydration", error),
      },
    );
    // Dismissal happens while the app's own root commits the next screen; React cannot unmount another root mid-commit.
    whenLandingDismissed(() => setTimeout(() => root.unmount()));
  });
}
