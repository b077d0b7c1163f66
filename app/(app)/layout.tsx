import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { SiteHeader } from "@/components/site-header";
import { getSession } from "@/lib/auth/auth";

/** Everything behind sign-in. Anonymous visitors go to `/sign-in`. */
export default async function AppLayout({ children }: { children: ReactNode }) {
  const session = await getSession();
  if (!session) redirect("/sign-in");
  const { name, email, role } = session.user;
  return (
    <>
      <SiteHeader user={{ name, email, role }} />
      <main id="main" className="mx-auto max-w-5xl px-4 py-6 sm:py-10">
        {children}
      </main>
    </>
  );
}
