"use client";
import { Cpu, Sparkles } from "lucide-react";
import { useTranslations } from "next-intl";
import { cn } from "../ui/cn";

/** Which engine judged the interview: the offline evaluator or a named model. */
export function InterviewEngineBadge({ engine }: { engine: string }) {
  const t = useTranslations("interview.engine");
  const offline = engine === "offline";
  const Icon = offline ? Cpu : Sparkles;
  return (
    <span
      data-testid="interview-engine-badge"
      data-engine={engine}
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-inset",
        offline ? "bg-slate-100 text-slate-700 ring-slate-300" : "bg-violet-50 text-violet-700 ring-violet-300",
      )}
    >
      <Icon aria-hidden className="size-3.5" />
      {offline ? t("offline") : t("model", { model: engine })}
    </span>
  );
}
