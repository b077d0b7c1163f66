import type { Page } from "@playwright/test";

/**
 * Calls the API from inside the page, with the browser's own session cookie; a `file` goes as the
 * multipart field `fileField` (default `file`). (Playwright's
 * `page.request` does not send better-auth's `__Secure-` cookie over plain http, which
 * Chromium itself does for 127.0.0.1.)
 */
export async function browserFetch(
  page: Page,
  url: string,
  init: { method?: string; file?: { name: string; type: string; base64: string }; fileField?: string; json?: unknown } = {},
): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ url, init }) => {
      let body: FormData | string | undefined;
      const headers: Record<string, string> = { accept: "application/json" };
      if (init.json !== undefined) {
        body = JSON.stringify(init.json);
        headers["content-type"] = "application/json";
      }
      if (init.file) {
        const bytes = Uint8Array.from(atob(init.file.base64), (c) => c.charCodeAt(0));
        body = new FormData();
        body.append(init.fileField ?? "file", new Blob([bytes], { type: init.file.type }), init.file.name);
      }
      const res = await fetch(url, { method: init.method ?? "GET", body, headers });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: res.status, body: parsed };
    },
    { url, init },
  );
}

/**
 * Uploads a file through `POST /api/resumes` as the page's user and waits (long-poll on the
 * task) until its analysis has ended. A duplicate upload answers with the earlier resume.
 * @returns the resume id and the task's end status.
 */
export async function uploadResumeViaApi(
  page: Page,
  file: { name: string; type: string; bytes: Buffer },
  timeoutMs = 90_000,
): Promise<{ resumeId: string; status: string }> {
  const res = await browserFetch(page, "/api/resumes", {
    method: "POST",
    file: { name: file.name, type: file.type, base64: file.bytes.toString("base64") },
  });
  if (res.status !== 200 && res.status !== 202) throw new Error(`upload answered ${res.status}: ${JSON.stringify(res.body)}`);
  const { resumeId, taskId } = res.body as { resumeId: string; taskId: string };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const task = await browserFetch(page, `/api/tasks/${taskId}?wait=20`);
    const status = (task.body as { status?: string }).status ?? `http_${task.status}`;
    if (["COMPLETED", "FAILED", "TERMINATED_BY_POLICY"].includes(status)) return { resumeId, status };
    if (Date.now() > deadline) throw new Error(`resume analysis still ${status} after ${timeoutMs} ms`);
  }
}
