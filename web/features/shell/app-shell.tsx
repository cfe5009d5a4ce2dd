import { Outlet } from "@tanstack/react-router";
import { useCallback, useEffect, useState } from "react";
import { imagesFromCredits } from "../../../common/credits";
import type { User } from "../../../common/user";
import { useAppConfig } from "../../lib/config";
import { useNewOrdersCount } from "../../lib/orders";
import { Brand } from "../../ui/brand";
import { HelpDialog } from "./help-dialog";
import { MenuIcon } from "./menu-icons";
import { DesktopSidebar, MobileMenu, SocialLinks } from "./menu-nav";
import { RouteLink } from "../../lib/route-links";
import { markTutorialSeen, tutorialSeen } from "./tutorial-steps";
import { TutorialDialog } from "./tutorial-dialog";
import { t } from "./texts";

const HEADER_BUTTON =
  "items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2";

/**
 * The signed-in frame: a header with the seller's e-mail, balance in images,
 * 'Comprar imágenes', 'Ayuda' and social links; the menu as a sidebar on
 * desktop and a drawer on phones; the help and tutorial dialogs.
 */
export function AppShell({ user }: { user: User }) {
  const { config, settled } = useAppConfig();
  const [menuOpen, setMenuOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [tutorialOpen, setTutorialOpen] = useState(false);
  // Opened from 'Ayuda' (the seller asked: it takes the focus), or on its own on a first visit (it does not).
  const [tutorialAsked, setTutorialAsked] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const openHelp = useCallback(() => setHelpOpen(true), []);
  const newOrders = useNewOrdersCount(!!user.username);

  // Once per browser, on the first signed-in screen; never on top of the maintenance notice.
  useEffect(() => {
    if (!settled || config.maintenance || tutorialSeen(localStorage)) return;
    markTutorialSeen(localStorage);
    setTutorialAsked(false);
    setTutorialOpen(true);
  }, [settled, config.maintenance]);

  return (
    <div className="min-h-screen">
      <a
        href="#contenido"
        className="sr-only rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        {t("skipToContent")}
      </a>
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-4 sm:px-4">
          <button
            type="button"
            onClick={() => setMenuOpen(true)}
            aria-label={newOrders ? t("openMenuNewOrders", { count: newOrders }) : t("openMenu")}
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            aria-controls="menu-movil"
            className="relative -ml-1 grid size-10 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 lg:hidden"
          >
            <MenuIcon name="menu" className="size-6" />
            {newOrders > 0 && (
              <span aria-hidden className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-red-600 ring-2 ring-white" />
            )}
          </button>
          <Brand to="/home" compact />
          <div className="ml-auto flex items-center gap-2 sm:gap-3">
            <SocialLinks social={config.social} className="hidden md:flex" />
            <span className="hidden max-w-56 truncate text-sm text-slate-600 sm:inline" data-testid="user-email">
              {user.email}
            </span>
            <span
              className="rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold whitespace-nowrap text-brand-800"
              data-testid="credits"
            >
              {t("balanceImages", { count: imagesFromCredits(user.credits) })}
            </span>
            <RouteLink
              to="/credits"
              className={`${HEADER_BUTTON} inline-flex bg-brand-700 whitespace-nowrap text-white hover:bg-brand-800 focus-visible:outline-brand-700`}
            >
              {t("buyImages")}
            </RouteLink>
            <button
              type="button"
              onClick={openHelp}
              className={`${HEADER_BUTTON} hidden text-slate-700 hover:bg-slate-100 focus-visible:outline-brand-600 sm:inline-flex`}
            >
              <MenuIcon name="help" />
              {t("help")}
            </button>
          </div>
        </div>
      </header>
      <div className="mx-auto flex max-w-7xl">
        <DesktopSidebar user={user} onHelp={openHelp} />
        <main id="contenido" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:py-8 lg:px-8">
          <TutorialDialog open={tutorialOpen} focus={tutorialAsked} onClose={() => setTutorialOpen(false)} />
          <Outlet />
        </main>
      </div>
      <MobileMenu user={user} open={menuOpen} onClose={closeMenu} onHelp={openHelp} social={config.social} />
      <HelpDialog
        open={helpOpen}
        onClose={() => setHelpOpen(false)}
        onShowTutorial={() => {
          setHelpOpen(false);
          setTutorialAsked(true);
          setTutorialOpen(true);
        }}
        config={config}
      />
    </div>
  );
}
