import { Link } from "@tanstack/react-router";

export function NotFoundScreen() {
  return (
    <div className="grid min-h-screen place-items-center px-6 text-center">
      <div>
        <h1 className="text-3xl font-bold">Página no encontrada</h1>
        <p className="mt-2 text-slate-600">Esta página no existe</p>
        <Link to="/" className="mt-6 inline-block font-semibold text-brand-700 hover:underline">
          Volver al inicio
        </Link>
      </div>
    </div>
  );
}
