import { useQuery } from "@tanstack/react-query";
import { Link, useRouter } from "@tanstack/react-router";
import { useLayoutEffect, useSyncExternalStore } from "react";
import { LandingPage, type LandingLink } from "./landing-page";
import { dismissPrerenderedLanding, prerenderedLandingIsLive, subscribeToLanding } from "./landing-takeover";
import { priceClaimsQuery } from "../../lib/payment-queries";
import { useSession } from "../../lib/session";

const RouterLink: LandingLink = ({ to, className, children }) => (
  <Link to={to} className={className}>
    {children}
  </Link>
);

export function LandingScreen() {
  const { user } = useSession();
  const router = useRouter();
  const claims = useQuery(priceClaimsQuery).data!;
  // On the first visit the prerendered page is live already (landing-island.tsx): nothing to draw here.
  const prerendered = useSyncExternalStore(subscribeToLanding, prerenderedLandingIsLive);
  useLayoutEffect(
    () => () => {
      // As the next screen commits, before it paints. (React's development double mount stays on "/".)
      if (router.state.location.pathname !== "/") dismissPrerenderedLanding();
    },
    [router],
  );
  if (prerendered) return null;
  return <LandingPage signedIn={user !== null} year={new Date().getFullYear()} Link={RouterLink} claims={claims} />;
}
