import { Link } from "@tanstack/react-router";
import { t } from "./texts";

export function NotFoundScreen() {
  return (
    <div className="grid min-h-screen place-items-center px-6 text-center">
      <div>
        <h1 className="text-3xl font-bold">{t("notFoundTitle")}</h1>
        <p className="mt-2 text-slate-600">{t("notFoundText")}</p>
        <Link to="/" className="mt-6 inline-block font-semibold text-brand-700 hover:underline">
          {t("notFoundHome")}
        </Link>
      </div>
    </div>
  );
}
