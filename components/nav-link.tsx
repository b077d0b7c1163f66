"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { cn } from "./ui/cn";

/**
 * A header link that marks itself as the current page for its whole sub-tree. On a phone it is
 * one of the equal-width tabs of the second header row, its `icon` above a small label (four
 * entries — a recruiter's — fit 390 px whole); from `sm` up, a pill.
 */
export function NavLink({ href, children, testId, icon }: { href: string; children: ReactNode; testId?: string; icon?: ReactNode }) {
  const pathname = usePathname();
  const active = pathname === href || pathname.startsWith(`${href}/`);
  return (
    <Link
      href={href}
      data-testid={testId}
      aria-current={active ? "page" : undefined}
      className={cn(
        "flex flex-auto flex-col items-center justify-center gap-0.5 whitespace-nowrap rounded-lg px-1 py-0.5 text-[11px] font-medium leading-tight focus-visible:outline-2 focus-visible:outline-indigo-600 sm:flex-none sm:flex-row sm:gap-1.5 sm:px-3 sm:py-1.5 sm:text-sm",
        active ? "bg-indigo-50 text-indigo-700" : "text-slate-600 hover:bg-slate-100",
      )}
    >
      {icon}
      {children}
    </Link>
  );
}
