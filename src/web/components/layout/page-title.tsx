import type { ReactNode } from "react";

/** The heading every authenticated page starts with. */
export function PageTitle({ children }: { children: ReactNode }) {
  return <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{children}</h1>;
}
