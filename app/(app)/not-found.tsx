import { NotFoundCard } from "@/components/not-found-card";

/**
 * What `notFound()` renders behind sign-in — for a missing page, another person's resume, or a
 * page the actor's role may not use (lib/auth/page-guard.ts): one answer, HTTP 404, that does
 * not say which.
 */
export default function NotFound() {
  return <NotFoundCard href="/resumes" back="back" />;
}
