import { useModalDialog } from "../../ui/dialog";
import { Link, useRouterState } from "@tanstack/react-router";
import { useEffect, type ReactNode } from "react";
import { useNewOrdersCount } from "../../lib/orders";
import type { User } from "../../../common/user";
import type { PublicConfig } from "../../lib/config";
import { menuEntries, type MenuLayout } from "./menu-entries";
import { MenuIcon, SocialIcon } from "./menu-icons";
import { useRouteExists } from "../../lib/route-links";
import { ThemeSelect } from "../../ui/theme-select";
import { CloseIcon } from "../../ui/icons";
import { DialogToasts } from "../../ui/toast-host";
import { t } from "./texts";

const ITEM =
  "flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600";

interface MenuProps {
  user: User;
  layout: MenuLayout;
  onHelp: () => void;
  onNavigate?: () => void;
}

/** The spec's entries for this layout, then 'Ayuda'. */
function MenuList({ user, layout, onHelp, onNavigate }: MenuProps) {
  return (
    <nav aria-label={t("menuMain")}>
      <ul className="space-y-1">
        {menuEntries(user, layout).map((entry) => (
          <MenuLink
            key={entry.to}
            to={entry.to}
            label={entry.label}
            onNavigate={onNavigate}
            badge={entry.badge === "new-orders" ? <NewOrdersBadge /> : null}
          />
        ))}
        <li>
          <button type="button" onClick={onHelp} className={ITEM}>
            <MenuIcon name="help" />
            {t("help")}
          </button>
        </li>
      </ul>
    </nav>
  );
}

function MenuLink({
  to,
  label,
  onNavigate,
  badge,
}: {
  to: ReturnType<typeof menuEntries>[number]["to"];
  label: string;
  onNavigate?: () => void;
  badge: ReactNode;
}) {
  // A screen another part of the work has not shipped yet gets no entry, never a dead link.
  if (!useRouteExists(to)) return null;
  return (
    <li>
      <Link
        to={to}
        onClick={onNavigate}
        className={ITEM}
        activeProps={{ className: "bg-brand-50 text-brand-800 hover:bg-brand-50", "aria-current": "page" }}
      >
        <MenuIcon name={to} />
        {label}
        {badge}
      </Link>
    </li>
  );
}

/** The number of orders still 'Nuevo', beside 'Pedidos'; nothing when there are none. */
function NewOrdersBadge() {
  const count = useNewOrdersCount(true);
  if (count === 0) return null;
  return (
    <span className="ml-auto rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white" data-testid="new-orders-badge">
      {count}
      <span className="sr-only">{` ${t("newOrdersBadge", { count })}`}</span>
    </span>
  );
}

/** Desktop: a sidebar beside the content, from the lg breakpoint up. */
export function DesktopSidebar({ user, onHelp }: { user: User; onHelp: () => void }) {
  return (
    <aside className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-60 shrink-0 flex-col justify-between overflow-y-auto border-r border-slate-200 px-3 py-6 lg:flex">
      <MenuList user={user} layout="desktop" onHelp={onHelp} />
      <ThemeSelect compact />
    </aside>
  );
}

interface DrawerProps {
  user: User;
  open: boolean;
  onClose: () => void;
  onHelp: () => void;
  social: PublicConfig["social"];
}

/** Mobile: a drawer from the left on a native modal dialog (focus trapped, Escape and the backdrop close it). */
export function MobileMenu({ user, open, onClose, onHelp, social }: DrawerProps) {
  const ref = useModalDialog(open);
  // Back and forward navigate without a click on an entry: the drawer follows.
  const path = useRouterState({ select: (state) => state.location.pathname });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is what triggers it
  useEffect(() => onClose(), [path, onClose]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop; from the keyboard, Escape closes it (onCancel)
    <dialog
      ref={ref}
      id="menu-movil"
      aria-label={t("menuDrawer")}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
      className="m-0 h-dvh max-h-none w-72 max-w-[85vw] bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50"
    >
      {open && (
        <div className="flex h-full flex-col gap-6 p-4">
          <div className="flex items-center justify-between">
            <p className="truncate text-sm text-slate-600">{user.email}</p>
            <button
              type="button"
              onClick={onClose}
              aria-label={t("closeMenu")}
              className="rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <CloseIcon className="size-5" />
            </button>
          </div>
          <MenuList
            user={user}
            layout="mobile"
            onNavigate={onClose}
            onHelp={() => {
              onClose();
              onHelp();
            }}
          />
          <div className="mt-auto space-y-4">
            <SocialLinks social={social} />
            <ThemeSelect compact />
          </div>
          <DialogToasts />
        </div>
      )}
    </dialog>
  );
}

/** The header's social buttons; none when configuration names no profile. */
export function SocialLinks({ social, className = "" }: { social: PublicConfig["social"]; className?: string }) {
  if (social.length === 0) return null;
  return (
    <ul className={`flex items-center gap-1 ${className}`} aria-label={t("socialLinks")}>
      {social.map((link) => (
        <li key={link.network}>
          <a
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t("socialProfile", { network: link.label })}
            className="grid size-9 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <SocialIcon network={link.network} />
          </a>
        </li>
      ))}
    </ul>
  );
}
