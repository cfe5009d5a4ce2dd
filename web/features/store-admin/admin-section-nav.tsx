import { Link } from "@tanstack/react-router";
import { ADMIN_SECTIONS, type AdminSection, DEFAULT_ADMIN_SECTION } from "./admin-sections";
import { t } from "./texts";

// Each section's name, read when the nav renders (the language is active by then).
const sectionLabels = (): Record<AdminSection, string> => ({
  productos: t("sectionProducts"),
  pedidos: t("sectionOrders"),
  "entrega-y-pagos": t("sectionCheckout"),
  compartir: t("sectionShare"),
  datos: t("sectionDetails"),
});

/** The admin's sections, all in sight on a phone (they wrap), the current one marked. */
export function AdminSectionNav({ current }: { current: AdminSection }) {
  const labels = sectionLabels();
  return (
    <nav aria-label={t("sectionsNav")}>
      <ul className="flex flex-wrap gap-2">
        {ADMIN_SECTIONS.map((section) => {
          const active = section === current;
          return (
            <li key={section}>
              <Link
                to="/mi-tienda-admin"
                search={section === DEFAULT_ADMIN_SECTION ? {} : { seccion: section }}
                aria-current={active ? "page" : undefined}
                activeOptions={{ includeSearch: true }}
                className={`inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                  active ? "bg-brand-700 text-white" : "bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
                }`}
              >
                {labels[section]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
