import { Children, type ReactNode } from "react";
import { cn } from "./cn";

/**
 * A line of short facts separated by "·" ("Mid · 5 questions · English") that wraps cleanly
 * on narrow screens: each fact moves to the next line whole (it breaks inside only when it
 * alone is wider than the line), and the separator in front of the first fact of
 * every line is clipped, so no line starts with a "·". (The row is shifted left by one
 * separator width inside a clipping box; the separators are CSS content with empty alt text,
 * so screen readers skip them.)
 */
export function MetaList({ children, className, testId }: { children: ReactNode; className?: string; testId?: string }) {
  const items = Children.toArray(children).filter(Boolean);
  return (
    <div className={cn("overflow-hidden", className)} data-testid={testId}>
      <span className="-ml-4 flex flex-wrap gap-y-0.5">
        {items.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the caller's children in source order, never reordered; plain strings have no key of their own
          <span key={i} className="max-w-full before:inline-block before:w-4 before:text-center before:content-['·'_/_'']">
            {item}
          </span>
        ))}
      </span>
    </div>
  );
}
