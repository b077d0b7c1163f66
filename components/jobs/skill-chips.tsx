import { Check, Minus } from "lucide-react";
import { cn } from "../ui/cn";

/** Skills as small chips: `matched` green with a tick, `missing` red with a dash, `plain` grey. */
export function SkillChips({ skills, tone, testId }: { skills: string[]; tone: "matched" | "missing" | "plain"; testId: string }) {
  if (skills.length === 0) return null;
  const Icon = tone === "matched" ? Check : tone === "missing" ? Minus : null;
  return (
    <ul className="flex flex-wrap gap-1" data-testid={testId}>
      {skills.map((s) => (
        <li
          key={s}
          data-skill={s}
          className={cn(
            "inline-flex items-center gap-0.5 rounded-full px-2 py-0.5 text-xs ring-1 ring-inset",
            tone === "matched" && "bg-emerald-50 text-emerald-800 ring-emerald-200",
            tone === "missing" && "bg-rose-50 text-rose-700 ring-rose-200",
            tone === "plain" && "bg-slate-100 text-slate-700 ring-slate-200",
          )}
        >
          {Icon ? <Icon aria-hidden className="size-3" /> : null}
          {s}
        </li>
      ))}
    </ul>
  );
}
