"use client";
import { createAuthClient } from "better-auth/react";

/**
 * The browser's better-auth client. Same origin as the page, so no baseURL: sign-in works
 * whether the app is opened as localhost or 127.0.0.1.
 */
const authClient = createAuthClient();
export const { signIn, signUp, signOut } = authClient;
