import { Link } from "@tanstack/react-router";

/** The logo (public/favicon.svg) inline: no request, and nothing for the prerendered landing to preload. */
export function LogoMark({ className = "size-8" }: { className?: string }) {
  return (
    <svg aria-hidden viewBox="0 0 64 64" className={`shrink-0 ${className}`}>
      <rect width="64" height="64" rx="14" fill="#6d28d9" />
      <path d="M14 20h36v26a4 4 0 0 1-4 4H18a4 4 0 0 1-4-4z" fill="#fff" opacity=".95" />
      <path d="M12 14h40l-4 10H16z" fill="#f5d0fe" />
      <path d="M22 32l8 8 12-14" stroke="#6d28d9" strokeWidth="5" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The logo and name; `compact` keeps the name for screen readers only on narrow phones. */
export function Brand({ to = "/", compact = false }: { to?: "/" | "/home"; compact?: boolean }) {
  return (
    <Link to={to} className="flex items-center gap-2 rounded-lg text-lg font-bold tracking-tight text-slate-900">
      <LogoMark />
      <span className={compact ? "sr-only sm:not-sr-only" : undefined}>Vidriera</span>
    </Link>
  );
}
