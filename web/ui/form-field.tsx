import type { ReactNode } from "react";

/** A form's error, read out when it appears (sign-in, sign-up and password recovery). */
export function FormError({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <p role="alert" className={`rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 ${className}`}>
      {children}
    </p>
  );
}

/** A labelled text input with an optional hint under it: e-mail and password on the account screens. */
export function TextField({
  label,
  hint,
  onValue,
  ...input
}: {
  label: string;
  hint?: string;
  onValue: (value: string) => void;
  type: "email" | "password" | "text";
  name: string;
  autoComplete: string;
  value: string;
  disabled?: boolean;
  minLength?: number;
}) {
  return (
    <label className="block">
      <span className="text-sm font-medium text-slate-700">{label}</span>
      <input
        {...input}
        required
        onChange={(e) => onValue(e.target.value)}
        className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30 disabled:bg-slate-100"
      />
      {hint && <span className="mt-1 block text-xs text-slate-500">{hint}</span>}
    </label>
  );
}
