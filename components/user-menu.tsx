"use client";
import { useQueryClient } from "@tanstack/react-query";
import { ChevronDown, LogOut, UserRound } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { toast } from "sonner";
import { signOut } from "@/lib/auth/client";

/** What the header shows of the signed-in person. */
export type HeaderUser = {
  name: string;
  email: string;
  platformRole: "user" | "admin";
  /** The active organisation and the role inside it, for a recruiter. */
  organization: { name: string; role: "owner" | "admin" | "member" } | null;
};

/** The signed-in user's name, roles and organisation, and sign-out, in a small disclosure menu. */
export function UserMenu({ user }: { user: HeaderUser }) {
  const t = useTranslations("user");
  const router = useRouter();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  async function onSignOut() {
    setBusy(true);
    const { error } = await signOut();
    if (error) {
      setBusy(false);
      toast.error(error.message ?? t("signOutFailed"));
      return;
    }
    // Another account may sign in in this tab next: drop everything cached for this one.
    queryClient.clear();
    router.replace("/sign-in");
    router.refresh();
  }

  return (
    <div ref={rootRef} className="relative" data-testid="user-menu">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t("menu")}
        data-testid="user-menu-button"
        onClick={() => setOpen((o) => !o)}
        className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <UserRound aria-hidden className="size-4" />
        <span className="hidden max-w-40 truncate sm:inline">{user.name || user.email}</span>
        <ChevronDown aria-hidden className="size-3.5" />
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          aria-label={t("menu")}
          className="absolute right-0 z-20 mt-2 w-60 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
        >
          <div className="px-3 py-2 text-xs text-slate-500">
            <p className="truncate font-medium text-slate-800" data-testid="user-email">
              {user.email}
            </p>
            <p data-testid="user-platform-role">{t(`roles.${user.platformRole}`)}</p>
            {user.organization ? (
              <p data-testid="user-organization">
                {t("organizationRole", { organization: user.organization.name, role: t(`organizationRoles.${user.organization.role}`) })}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            role="menuitem"
            // biome-ignore lint/a11y/noAutofocus: the menu pattern moves focus to its first item when the user opens the menu
            autoFocus
            disabled={busy}
            data-testid="sign-out"
            onClick={onSignOut}
            className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none disabled:opacity-60"
          >
            <LogOut aria-hidden className="size-4" />
            {t("signOut")}
          </button>
        </div>
      ) : null}
    </div>
  );
}
