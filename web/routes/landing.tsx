import { Link } from "@tanstack/react-router";
import { imagesLabel, SIGNUP_CREDITS } from "../../common/credits";
import { Brand } from "../components/brand";
import { useSession } from "../lib/session";

export function LandingScreen() {
  const { user } = useSession();
  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-50 to-white">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-6 py-5">
        <Brand />
        {!user && (
          <Link to="/login" className="text-sm font-semibold text-brand-700 hover:underline">
            Iniciar sesión
          </Link>
        )}
      </header>
      <main className="mx-auto max-w-3xl px-6 py-16 text-center">
        <span className="inline-block rounded-full bg-brand-100 px-4 py-1 text-sm font-semibold text-brand-800">
          Fotos de Producto con IA
        </span>
        <h1 className="mt-6 text-4xl font-extrabold tracking-tight sm:text-5xl">
          Fotos profesionales de tus prendas, sin fotógrafo ni estudio
        </h1>
        <p className="mt-6 text-lg text-slate-600">
          Subí una foto de tu producto y obtené imágenes de catálogo con modelo en segundos. Publicá tu tienda y recibí
          pedidos por WhatsApp, sin comisiones. Empezá con {imagesLabel(SIGNUP_CREDITS)} gratis.
        </p>
        <Link
          to={user ? "/home" : "/register"}
          className="mt-10 inline-block rounded-xl bg-brand-700 px-8 py-3 text-lg font-semibold text-white shadow-lg hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          {user ? "Ir a tus productos" : "Comenzar ahora"}
        </Link>
      </main>
    </div>
  );
}
