import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { SiteHeader } from "@/components/site-header";
import { currentActor, landingPath, navFor } from "@/lib/auth/page-guard";
import { getDb } from "@/lib/db/client";
import { getOrganizationSummary } from "@/lib/db/queries/organizations";

/**
 * Everything behind sign-in. Anonymous visitors go to `/sign-in`. The header's entries come from
 * the permission map (lib/auth/permissions.ts): the workspace for a member of an organisation,
 * the console for a platform admin.
 */
export default async function AppLayout({ children }: { children: ReactNode }) {
  const actor = await currentActor();
  if (!actor) redirect("/sign-in");
  const org = actor.membership ? await getOrganizationSummary(getDb(), { organizationId: actor.membership.organizationId }) : undefined;
  const { name, email } = actor.user;
  return (
    <>
      <SiteHeader
        user={{
          name,
          email,
          platformRole: actor.platformRole,
          organization: org && actor.membership ? { name: org.name, role: actor.membership.role } : null,
        }}
        nav={navFor(actor)}
        home={landingPath(actor)}
      />
      <main id="main" className="mx-auto max-w-5xl px-4 py-6 sm:py-10">
        {children}
      </main>
    </>
  );
}
