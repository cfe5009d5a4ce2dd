import { Link } from "@tanstack/react-router";
import { t } from "./texts";

/** The back arrow of the store screens (spec: /mi-tienda goes back to /home, /product-pricing to /mi-tienda). */
export function BackLink({ to }: { to: "/home" | "/mi-tienda" }) {
  return (
    <Link
      to={to}
      aria-label={t("back")}
      className="mt-1 grid size-11 shrink-0 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <svg aria-hidden viewBox="0 0 20 20" className="size-5" fill="currentColor">
        <path d="M12.79 5.23a.75.75 0 0 1-.02 1.06L8.83 10l3.94 3.71a.75.75 0 1 1-1.04 1.08l-4.5-4.25a.75.75 0 0 1 0-1.08l4.5-4.25a.75.75 0 0 1 1.06.02Z" />
      </svg>
    </Link>
  );
}
