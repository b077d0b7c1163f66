import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { SiteHeader } from "@/components/site-header";
import { getSession } from "@/lib/auth/auth";

/** Sign-in and sign-up: a signed-in visitor has nothing to do here. */
export default async function AuthLayout({ children }: { children: ReactNode }) {
  if (await getSession()) redirect("/resumes");
  return (
    <>
      <SiteHeader />
      <main id="main" className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
        {children}
      </main>
    </>
  );
}
