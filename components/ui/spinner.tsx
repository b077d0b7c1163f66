import { LoaderCircle } from "lucide-react";
import { cn } from "./cn";

/** A spinning icon; the label is for screen readers (the surrounding text usually says more). */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircle aria-hidden className={cn("size-4 animate-spin", className)} />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}
