/** Joins class names, skipping falsy ones (a dependency-free `clsx`). */
export function cn(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(" ");
}
