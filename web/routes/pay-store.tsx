// Placeholder while the screen is being built; replaced before this work lands.
export function PayStoreScreen() {
  return <p className="text-slate-600">Muy pronto.</p>;
}

export function PayStoreCardScreen() {
  return <p className="text-slate-600">Muy pronto.</p>;
}
