import { Link, useNavigate, useRouter, type LinkProps } from "@tanstack/react-router";
import type { ReactNode } from "react";

/**
 * Screens that other work adds later (/credits, /mi-tienda, /mi-tienda-admin)
 * are linked to only once the route table has them, so the app never shows
 * a button that leads nowhere, and the links light up without editing this page.
 */
export function useRouteExists(path: string): boolean {
  return Object.hasOwn(useRouter().routesByPath, path);
}

// The typed route union does not include screens that do not exist yet; useRouteExists guards every use.
const untyped = (path: string) => path as LinkProps["to"];

/** Navigates to `path` if that screen exists; answers whether it did. */
export function useOptionalNavigate() {
  const router = useRouter();
  const navigate = useNavigate();
  return (path: string) => {
    if (!Object.hasOwn(router.routesByPath, path)) return false;
    void navigate({ to: untyped(path) });
    return true;
  };
}

interface RouteLinkProps {
  to: string;
  className?: string;
  children: ReactNode;
  /** What to show when the screen does not exist yet (nothing by default). */
  fallback?: ReactNode;
}

export function RouteLink({ to, className, children, fallback = null }: RouteLinkProps) {
  if (!useRouteExists(to)) return fallback;
  return (
    <Link to={untyped(to)} className={className}>
      {children}
    </Link>
  );
}
