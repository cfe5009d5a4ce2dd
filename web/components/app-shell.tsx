import { Link, Outlet } from "@tanstack/react-router";
import { imagesLabel } from "../../common/credits";
import type { User } from "../../common/user";
import { Brand } from "./brand";
import { RouteLink } from "./product-links";

const NAV = [
  { to: "/home", label: "Productos" },
  { to: "/images", label: "Imágenes" },
  { to: "/settings", label: "Configuración" },
] as const;

/** The signed-in frame: brand, the seller's e-mail and balance in images, navigation. */
export function AppShell({ user }: { user: User }) {
  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-10 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <Brand to="/home" />
          <nav aria-label="Principal" className="flex gap-1">
            {NAV.map((item) => (
              <Link
                key={item.to}
                to={item.to}
                className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100"
                activeProps={{ className: "bg-brand-50 text-brand-700", "aria-current": "page" }}
              >
                {item.label}
              </Link>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-3 text-sm">
            <span className="hidden text-slate-500 sm:inline" data-testid="user-email">
              {user.email}
            </span>
            <span
              className="rounded-full bg-brand-100 px-3 py-1 font-semibold text-brand-800"
              data-testid="credits"
              title={`${user.credits} créditos`}
            >
              {imagesLabel(user.credits)}
            </span>
            {/* Shown once the /credits screen is in the route table. */}
            <RouteLink
              to="/credits"
              className="rounded-lg bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              Comprar imágenes
            </RouteLink>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8">
        <Outlet />
      </main>
    </div>
  );
}
