import { imagesLabel } from "../../common/credits";
import { useSession } from "../lib/session";

export function HomeScreen() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="space-y-8">
      <section className="rounded-2xl bg-gradient-to-r from-brand-700 to-fuchsia-600 p-6 text-white shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold sm:text-3xl">¡Hola{user.name ? `, ${user.name}` : ""}!</h1>
        <p className="mt-2 text-white/90">
          Tenés <strong data-testid="home-credits">{imagesLabel(user.credits)}</strong> disponibles para crear fotos
          profesionales de tus productos.
        </p>
      </section>
      <section aria-labelledby="products-title">
        <h2 id="products-title" className="text-xl font-semibold">
          Tus Productos
        </h2>
        <div className="mt-4 rounded-2xl border-2 border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="text-lg font-semibold">No hay productos</p>
          <p className="mt-1 text-slate-600">Muy pronto vas a poder subir tu primer producto desde acá.</p>
        </div>
      </section>
    </div>
  );
}
