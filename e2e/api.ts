import type { Page } from "@playwright/test";

/**
 * Calls the API from inside the page, with the browser's own session cookie. (Playwright's
 * `page.request` does not send better-auth's `__Secure-` cookie over plain http, which
 * Chromium itself does for 127.0.0.1.)
 */
export async function browserFetch(
  page: Page,
  url: string,
  init: { method?: string; file?: { name: string; type: string; base64: string } } = {},
): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ url, init }) => {
      let body: FormData | undefined;
      if (init.file) {
        const bytes = Uint8Array.from(atob(init.file.base64), (c) => c.charCodeAt(0));
        body = new FormData();
        body.append("file", new Blob([bytes], { type: init.file.type }), init.file.name);
      }
      const res = await fetch(url, { method: init.method ?? "GET", body, headers: { accept: "application/json" } });
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
