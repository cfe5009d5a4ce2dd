import { Link } from "@tanstack/react-router";
import { ADMIN_SECTIONS, type AdminSection, DEFAULT_ADMIN_SECTION } from "./admin-sections";

/** The admin's sections, all in sight on a phone (they wrap), the current one marked. */
export function AdminSectionNav({ current }: { current: AdminSection }) {
  return (
    <nav aria-label="Secciones de Mi Tienda">
      <ul className="flex flex-wrap gap-2">
        {ADMIN_SECTIONS.map((section) => {
          const active = section.id === current;
          return (
            <li key={section.id}>
              <Link
                to="/mi-tienda-admin"
                search={section.id === DEFAULT_ADMIN_SECTION ? {} : { seccion: section.id }}
                aria-current={active ? "page" : undefined}
                activeOptions={{ includeSearch: true }}
                className={`inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                  active ? "bg-brand-700 text-white" : "bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
                }`}
              >
                {section.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
