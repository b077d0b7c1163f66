"use client";
import { Cpu, Sparkles } from "lucide-react";
import { useTranslations } from "next-intl";
import { cn } from "../ui/cn";

/**
 * Says plainly which engine produced a result: the offline engine or a named model.
 * `of="analysis"` for a resume analysis (`engine.*`), `of="evaluation"` for an interview report
 * (`interview.engine.*`, test id `interview-engine-badge`).
 */
export function EngineBadge({ engine, of = "analysis", compact = false }: { engine: string; of?: "analysis" | "evaluation"; compact?: boolean }) {
  const t = useTranslations(of === "analysis" ? "engine" : "interview.engine");
  const offline = engine === "offline";
  const Icon = offline ? Cpu : Sparkles;
  return (
    <span
      data-testid={of === "analysis" ? "engine-badge" : "interview-engine-badge"}
      data-engine={engine}
      className={cn(
        "inline-flex items-center gap-1 rounded-full font-medium ring-1 ring-inset",
        compact ? "px-1.5 py-0 text-[11px]" : "px-2.5 py-1 text-xs",
        offline ? "bg-slate-100 text-slate-700 ring-slate-300" : "bg-violet-50 text-violet-700 ring-violet-300",
      )}
    >
      <Icon aria-hidden className={compact ? "size-3" : "size-3.5"} />
      {offline ? t("offline") : t("model", { model: engine })}
    </span>
  );
}
