"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { RotateCcw, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "../interview/confirm-dialog";
import { ApiError } from "../tasks/api";
import { Button } from "../ui/button";
import { adminKeys, discardTasks, replayTasks } from "./queues-api";

/** The toast for a failed replay or discard: the server's message when it sent one. */
function failed(t: (k: "actionFailed") => string, err: unknown) {
  toast.error(err instanceof ApiError ? err.message : t("actionFailed"));
}

/**
 * Replay and discard for the FAILED tasks `taskIds` (one row, the task page, or a selection):
 * replay at once (it is undone by nothing, but harmless: the task runs again on the batch lane),
 * discard after a confirmation. Every console query is refreshed afterwards; `onReplayed` gets
 * the ids the server replayed, `onDone` runs after either.
 */
export function DlqActions(p: { taskIds: string[]; variant: "row" | "detail" | "selection"; onReplayed?: (ids: string[]) => void; onDone?: () => void }) {
  const t = useTranslations("adminDlq");
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: adminKeys.all });
  const replay = useMutation({
    mutationFn: () => replayTasks({ taskIds: p.taskIds }),
    onSuccess: (r) => {
      p.onReplayed?.(r.replayed);
      if (r.replayed.length) toast.success(t("replayed", { count: r.replayed.length }));
      if (r.skipped.length) toast.info(t("skipped", { count: r.skipped.length }));
      p.onDone?.();
    },
    onError: (err) => failed(t, err),
    onSettled: refresh,
  });
  const discard = useMutation({
    mutationFn: () => discardTasks(p.taskIds),
    onSuccess: (r) => {
      if (r.discarded.length) toast.success(t("discardedToast", { count: r.discarded.length }));
      if (r.skipped.length) toast.info(t("skipped", { count: r.skipped.length }));
      p.onDone?.();
    },
    onError: (err) => failed(t, err),
    onSettled: refresh,
  });
  const busy = replay.isPending || discard.isPending || p.taskIds.length === 0;
  const compact = p.variant === "row";
  const n = p.taskIds.length;
  return (
    <>
      <Button
        variant={compact ? "secondary" : "primary"}
        className={compact ? "px-2.5 py-1.5 text-xs" : undefined}
        disabled={busy}
        onClick={() => replay.mutate()}
        data-testid={`dlq-replay-${p.variant}`}
      >
        <RotateCcw aria-hidden className="size-4" />
        {p.variant === "selection" ? t("replaySelected", { count: n }) : t("replay")}
      </Button>
      <Button
        variant={compact ? "ghost" : "secondary"}
        className={compact ? "px-2.5 py-1.5 text-xs" : undefined}
        disabled={busy}
        onClick={() => setConfirming(true)}
        data-testid={`dlq-discard-${p.variant}`}
      >
        <Trash2 aria-hidden className="size-4" />
        {p.variant === "selection" ? t("discardSelected", { count: n }) : t("discard")}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t("discardTitle", { count: n })}
        body={t("discardBody")}
        confirmLabel={t("discard")}
        cancelLabel={t("cancel")}
        onConfirm={() => {
          setConfirming(false);
          discard.mutate();
        }}
        onClose={() => setConfirming(false)}
        testId="dlq-discard-dialog"
      />
    </>
  );
}
