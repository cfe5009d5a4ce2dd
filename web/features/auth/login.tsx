import { getRouteApi } from "@tanstack/react-router";
import { AuthScreen, TextLink } from "./auth-screen";
import { useGoogleReturnError } from "./auth-error";

const route = getRouteApi("/login");

export function LoginScreen() {
  const { error } = route.useSearch();
  const initialError = useGoogleReturnError("login", error);
  return (
    <AuthScreen
      screen="login"
      title="Iniciar sesión"
      subtitle="Entra para crear imágenes de tus productos y manejar tu tienda."
      submitLabel="Entrar"
      busyLabel="Entrando..."
      initialError={initialError}
      footer={
        <>
          <p>
            <TextLink to="/recuperar">¿Olvidaste tu contraseña?</TextLink>
          </p>
          <p>
            ¿No tienes cuenta? <TextLink to="/register">Regístrate gratis</TextLink>
          </p>
        </>
      }
    />
  );
}
