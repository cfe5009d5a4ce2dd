/**
 * Who owns the prerendered landing (index.html's #landing-static). On "/"
 * the SPA hydrates it in place (landing-island.tsx) rather than drawing the
 * page again, so the largest paint stays the first one; meanwhile the "/"
 * route renders nothing. Leaving "/" dismisses it for good; from then on
 * the route renders the landing as any other screen.
 */
let prerendered: HTMLElement | null = null;
const onDismiss: (() => void)[] = [];
const listeners = new Set<() => void>();

/** At start-up: keeps the prerendered copy on "/", drops it anywhere else. */
export function adoptPrerenderedLanding(): HTMLElement | null {
  const element = document.getElementById("landing-static");
  if (location.pathname === "/" && element) prerendered = element;
  else element?.remove();
  return prerendered;
}

export const prerenderedLandingIsLive = () => prerendered !== null;

export function subscribeToLanding(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function whenLandingDismissed(callback: () => void) {
  onDismiss.push(callback);
}

export function dismissPrerenderedLanding() {
  if (!prerendered) return;
  for (const callback of onDismiss.splice(0)) callback();
  prerendered.remove();
  prerendered = null;
  for (const listener of listeners) listener();
}
