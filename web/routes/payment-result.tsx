// Placeholder while the screen is being built; replaced before this work lands.
export function PaymentResultScreen() {
  return <p className="text-slate-600">Muy pronto.</p>;
}
