import type en from "../messages/en.json";
import type { AppLocale } from "./config";

// Typed message keys: a key missing from messages/en.json is a type error.
declare module "next-intl" {
  interface AppConfig {
    Locale: AppLocale;
    Messages: typeof en;
  }
}
