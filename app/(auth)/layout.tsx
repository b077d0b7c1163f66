import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { SiteHeader } from "@/components/site-header";
import { currentActor, landingPath } from "@/lib/auth/page-guard";

/** Sign-in and sign-up: a signed-in visitor has nothing to do here. */
export default async function AuthLayout({ children }: { children: ReactNode }) {
  const actor = await currentActor();
  if (actor) redirect(landingPath(actor));
  return (
    <>
      <SiteHeader />
      <main id="main" className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
        {children}
      </main>
    </>
  );
}
