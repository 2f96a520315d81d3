import type { ReactNode } from "react";
import { Footer } from "./footer";
import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";
import { mainContentId, SkipLink } from "./skip-link";

/** Frame of the pages a visitor sees before signing in: logo, language choice, footer. */
export function PublicHeader() {
  return (
    <header className="border-border/70 border-b bg-card/80 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
        <Logo />
        <LanguageSwitcher />
      </div>
    </header>
  );
}

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <PublicHeader />
      <main id={mainContentId} tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <Footer />
    </div>
  );
}
