"use client";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { ApiError } from "./tasks/api";

/** True when `error` is the API's 401: the session expired (or never was). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** Sends the reader to sign-in when a query's `error` is a 401; returns whether it is. */
export function useSignInOn401(error: unknown): boolean {
  const router = useRouter();
  const unauthorized = isUnauthorized(error);
  useEffect(() => {
    if (unauthorized) router.replace("/sign-in");
  }, [unauthorized, router]);
  return unauthorized;
}
