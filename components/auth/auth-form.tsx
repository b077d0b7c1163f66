"use client";
import { AlertCircle } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { z } from "zod";
import { signIn, signUp } from "@/lib/auth/client";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { cn } from "../ui/cn";
import { DEFAULT_RETRY_AFTER_S, retryAfterOfResponse } from "../ui/retry-after";
import { RetryCountdownNotice, RetryIn, useRetryCountdown } from "../ui/retry-countdown";
import { Spinner } from "../ui/spinner";

type Mode = "sign-in" | "sign-up";
type Field = "name" | "email" | "password";
type Values = Record<Field, string>;
type ErrorKey = "nameRequired" | "nameTooLong" | "emailInvalid" | "passwordRequired" | "passwordTooShort" | "passwordTooLong";

/** better-auth's defaults (minPasswordLength 8, maxPasswordLength 128). */
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

function validate(mode: Mode, v: Values): Partial<Record<Field, ErrorKey>> {
  const errors: Partial<Record<Field, ErrorKey>> = {};
  if (mode === "sign-up") {
    if (!v.name.trim()) errors.name = "nameRequired";
    else if (v.name.trim().length > 100) errors.name = "nameTooLong";
  }
  if (!z.email().safeParse(v.email.trim()).success) errors.email = "emailInvalid";
  if (!v.password) errors.password = "passwordRequired";
  else if (mode === "sign-up" && v.password.length < PASSWORD_MIN) errors.password = "passwordTooShort";
  else if (v.password.length > PASSWORD_MAX) errors.password = "passwordTooLong";
  return errors;
}

const SERVER_CODES = [
  "INVALID_EMAIL_OR_PASSWORD",
  "USER_ALREADY_EXISTS",
  "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL",
  "PASSWORD_TOO_SHORT",
  "PASSWORD_TOO_LONG",
  "INVALID_EMAIL",
] as const;

/**
 * Email + password sign-in or sign-up. Fields validate when left and on submit, with the
 * message under the field (`aria-describedby`); the server's refusal shows above the button,
 * translated when its code is known, else in the server's words. A 429 (the sign-in throttle,
 * better-auth's own limiter) counts down to its `Retry-After` (or `X-Retry-After`) on the
 * disabled button instead.
 */
export function AuthForm({ mode }: { mode: Mode }) {
  const t = useTranslations("auth");
  const router = useRouter();
  const formId = useId();
  const [values, setValues] = useState<Values>({ name: "", email: "", password: "" });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<{ code: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const countdown = useRetryCountdown();

  const errors = validate(mode, values);
  const visibleError = (f: Field) => ((touched[f] || submitted) && errors[f] ? errors[f] : undefined);
  const fields: Field[] = mode === "sign-up" ? ["name", "email", "password"] : ["email", "password"];

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSubmitted(true);
    setServerError(null);
    const firstInvalid = fields.find((f) => errors[f]);
    if (firstInvalid) {
      document.getElementById(`${formId}-${firstInvalid}`)?.focus();
      return;
    }
    if (countdown.waiting) return;
    setBusy(true);
    const email = values.email.trim();
    // better-auth's client gives `{error: {status, code, message}}` without the headers: they are read here.
    let retryAfter: number | null = null;
    const fetchOptions = {
      onError: (ctx: { response: Response }) => {
        retryAfter = retryAfterOfResponse(ctx.response);
      },
    };
    const { error } =
      mode === "sign-in"
        ? await signIn.email({ email, password: values.password }, fetchOptions)
        : await signUp.email({ email, password: values.password, name: values.name.trim() }, fetchOptions);
    if (error) {
      setBusy(false);
      const code = (error.code ?? "") as (typeof SERVER_CODES)[number];
      if (error.status === 429) countdown.start(retryAfter ?? DEFAULT_RETRY_AFTER_S);
      else if (error.status === 503) setServerError({ code: "UNAVAILABLE", message: t("server.UNAVAILABLE") });
      // The server's message says why (zxcvbn's warning: "This is a commonly used password.").
      else if (error.code === "PASSWORD_TOO_WEAK")
        setServerError({ code: error.code, message: t("server.PASSWORD_TOO_WEAK", { reason: error.message ?? "" }) });
      else if (SERVER_CODES.includes(code)) setServerError({ code, message: t(`server.${code}`) });
      else setServerError({ code: code || String(error.status), message: error.message || t("server.generic") });
      return;
    }
    // `/` sends the new session to its landing page (lib/auth/page-guard.ts `landingPath`).
    router.replace("/");
    router.refresh();
  }

  const title = mode === "sign-in" ? t("signInTitle") : t("signUpTitle");
  return (
    <Card className="w-full" aria-labelledby={`${formId}-title`}>
      <h1 id={`${formId}-title`} className="text-2xl font-semibold tracking-tight">
        {title}
      </h1>
      <p className="mt-1 text-sm text-slate-600">{mode === "sign-in" ? t("signInSubtitle") : t("signUpSubtitle")}</p>
      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4" data-testid="auth-form">
        {fields.map((f) => {
          const err = visibleError(f);
          const id = `${formId}-${f}`;
          return (
            <div key={f}>
              <label htmlFor={id} className="block text-sm font-medium text-slate-800">
                {t(`fields.${f}`)}
              </label>
              <input
                id={id}
                name={f}
                type={f === "password" ? "password" : f === "email" ? "email" : "text"}
                autoComplete={f === "password" ? (mode === "sign-in" ? "current-password" : "new-password") : f === "email" ? "email" : "name"}
                value={values[f]}
                onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
                onBlur={() => setTouched((tc) => ({ ...tc, [f]: true }))}
                aria-invalid={err ? true : undefined}
                aria-describedby={err ? `${id}-error` : f === "password" && mode === "sign-up" ? `${id}-hint` : undefined}
                data-testid={`auth-${f}`}
                className={cn(
                  "mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-base shadow-sm sm:text-sm",
                  "focus:outline-2 focus:outline-offset-0 focus:outline-indigo-600",
                  err ? "border-rose-500" : "border-slate-300",
                )}
              />
              {err ? (
                <p id={`${id}-error`} className="mt-1 text-sm text-rose-600" data-testid={`auth-${f}-error`}>
                  {t(`errors.${err}`, { min: PASSWORD_MIN, max: PASSWORD_MAX })}
                </p>
              ) : f === "password" && mode === "sign-up" ? (
                <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
                  {t("passwordHint", { min: PASSWORD_MIN })}
                </p>
              ) : null}
            </div>
          );
        })}
        {serverError ? (
          <div
            role="alert"
            data-testid="auth-error"
            data-code={serverError.code}
            className="flex items-start gap-2 rounded-lg border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-700"
          >
            <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>{serverError.message}</span>
          </div>
        ) : null}
        <RetryCountdownNotice seconds={countdown.seconds} testId="auth-retry" />
        <Button type="submit" className="w-full" disabled={busy || countdown.waiting} data-testid="auth-submit">
          {busy ? <Spinner /> : null}
          {countdown.waiting ? <RetryIn seconds={countdown.seconds} /> : mode === "sign-in" ? t("submitSignIn") : t("submitSignUp")}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        {mode === "sign-in" ? t("noAccount") : t("haveAccount")}{" "}
        <Link href={mode === "sign-in" ? "/sign-up" : "/sign-in"} className="font-medium text-indigo-600 hover:underline" data-testid="auth-switch">
          {mode === "sign-in" ? t("toSignUp") : t("toSignIn")}
        </Link>
      </p>
    </Card>
  );
}
