import type { Line } from "./types";

/**
 * Contact checks: e-mail, phone (international, US, Chinese mobile, masked `135********`)
 * and links (URLs, `github.com/…`, `linkedin.com/in/…`, or a bare "GitHub"/"LinkedIn"
 * label, which PDF exports leave where the hyperlink was).
 */
export interface ContactInfo {
  /** Line index of the first e-mail, or -1. */
  email: number;
  /** Line index of the first phone number, or -1. */
  phone: number;
  /** The phone is written masked (`135********`, `134XXXX3216`). */
  phoneMasked: boolean;
  /** Line indices with links or profiles (first 3). */
  links: number[];
  /** A GitHub or LinkedIn profile is present (URL or label). */
  profile: boolean;
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;
/** Chinese mobile: 11 digits starting 1[3-9], optionally +86 and 3-4-4 grouping. */
const CN_MOBILE = /(?<!\d)(?:\+?86[ -]?)?1[3-9]\d[ -]?\d{4}[ -]?\d{4}(?!\d)/;
/** Masked phones: `135********`, `134XXXX3216`, `138****1234`. */
const MASKED = /(?<![\dA-Za-z])1[3-9]\d[*xX＊]{4}(?:\d{4}|[*xX＊]{4})(?![\dA-Za-z])|(?<!\d)1[3-9]\d\*{8}/;
/** Generic phone: digits with space . - ( ) separators, 10–13 digits in total. */
const GENERIC = /(?<![\w/.])(?:\+|\(\+)?\d[\d\s().-]{8,18}\d(?![\w/])/g;
const PHONE_LABEL = /\b(phone|tel|mobile|cell|telephone)\b|手机|电话|联系电话|微信/i;
const URL = /\bhttps?:\/\/\S+|\bwww\.[a-z0-9-]+\.[a-z]{2,}\S*|\b[a-z0-9-]+\.(?:com|io|dev|me|net|org|cn|page)\/\S+/i;
const PROFILE = /github\.com\/|linkedin\.com\/|gitee\.com\/|^(github|linkedin|gitee)\b|\b(github|linkedin)\s*[:：]/i;
const DATE_LIKE = /^(?:19|20)\d{2}\s*[-./]\s*(?:19|20)?\d{2}(?:\s*[-./]\s*\d{1,2})?$/;

/** Whether `s` contains a phone number (see the patterns above). Returns the match kind. */
export function findPhone(s: string): "phone" | "masked" | null {
  if (MASKED.test(s)) return "masked";
  if (CN_MOBILE.test(s)) return "phone";
  for (const m of s.matchAll(GENERIC)) {
    const cand = m[0].trim();
    const digits = cand.replace(/\D/g, "");
    if (digits.length < 10 || digits.length > 13) continue;
    const yearGroups = cand.split(/\D+/).filter((g) => /^(?:19|20)\d{2}(?:\d{2}){0,2}$/.test(g)).length;
    if (DATE_LIKE.test(cand) || yearGroups >= 2) continue; // "2019 - 2021", "201508- 201512"
    return "phone";
  }
  // "Phone: 555 1234" style with a label but fewer digits
  if (PHONE_LABEL.test(s) && (s.replace(/\D/g, "").length >= 7 || /[*xX]{4}/.test(s))) {
    return /[*xX＊]{3}/.test(s) ? "masked" : "phone";
  }
  return null;
}

export function findContacts(lines: Line[]): ContactInfo {
  const info: ContactInfo = { email: -1, phone: -1, phoneMasked: false, links: [], profile: false };
  for (const l of lines) {
    const t = l.text;
    if (info.email < 0 && EMAIL.test(t)) info.email = l.index;
    if (info.phone < 0) {
      const p = findPhone(t);
      if (p) {
        info.phone = l.index;
        info.phoneMasked = p === "masked";
      }
    }
    const withoutEmail = t.replace(new RegExp(EMAIL.source, "g"), " ");
    if ((URL.test(withoutEmail) || PROFILE.test(withoutEmail)) && info.links.length < 3) info.links.push(l.index);
    if (PROFILE.test(withoutEmail)) info.profile = true;
  }
  return info;
}
