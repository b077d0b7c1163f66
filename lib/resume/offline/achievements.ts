import { readAsMeant } from "@/lib/text/homophones";
import { hasCjk } from "@/lib/text/units";
import { stripDates } from "./dates";
import { ACTION_VERB_FORMS_EN, ACTION_VERBS_ZH, MAGNITUDE_WORDS, WEAK_OPENERS_EN, WEAK_OPENERS_ZH, ZH_VERB_WINDOW } from "./word-lists";

/**
 * Quantified achievements and action verbs, per statement.
 *
 * Quantified: after removing dates, the statement contains a standalone number (not glued
 * to letters, so "IPv4", "A100", "ext4" do not count), a percentage, a currency amount, a
 * multiplier (`3x`, `4.2×`, `3倍`), a magnitude suffix (`2M+`, `10k`, `5万`, `2亿`), or a
 * magnitude word ("thousands of users", "百万级").
 */
const NUMBER =
  /(?<![A-Za-z0-9])\d+(?:[.,]\d+)*(?![A-Za-z0-9])|(?<![A-Za-z0-9])\d+(?:[.,]\d+)*\s*(?:%|x|×|k|K|M|B|m|bn|w|W|\+|万|亿|千|百|倍|个|人|次|ms|s|h|QPS|qps|TPS)(?![A-Za-z])/;
/** Ranks: "1st place", "first prize", "第一名", "一等奖", "冠军". */
const ORDINAL =
  /(?<![A-Za-z0-9])\d+(?:st|nd|rd|th)\b|\b(?:first|second|third)[- ](?:place|prize)\b|第[一二三四五六七八九十\d]+名|[一二三特]等奖|冠军|亚军|季军/i;
const MONEY = /[$€£¥￥]\s?\d|\d\s?(?:usd|rmb|元|美元)/i;

export function isQuantified(text: string): boolean {
  const t = stripDates(text);
  return NUMBER.test(t) || MONEY.test(t) || /\d\s*%/.test(t) || ORDINAL.test(t) || MAGNITUDE_WORDS.test(t);
}

export type VerbKind = "action" | "weak" | "none";

/** Strips a short "Label:" prefix ("Open Source Contributor: Contributed to …"). */
function dropLabel(t: string): string {
  const m = /^([^:：]{1,40})[:：]\s*(.+)$/.exec(t);
  if (m && m[1].split(/\s+/).length <= 4) return m[2];
  return t;
}

/**
 * The opening of a Chinese statement as the verb window sees it: the subject (我/本人),
 * parentheses and spaces dropped, and every Latin token (a tool name, "P99", "10") counted as
 * one character — "使用 TensorFlow 开发…" opens with its verb as closely as "Developed … with
 * TensorFlow" does, however long the tool's name.
 */
function zhHead(t: string): string {
  return t
    .replace(/^(我|本人)/, "")
    .replace(/[（(][^）)]{0,40}[）)]/g, "")
    .replace(/[A-Za-z0-9][A-Za-z0-9.+#_-]*/g, "X")
    .replace(/\s+/g, "")
    .slice(0, ZH_VERB_WINDOW);
}

const firstAt = (head: string, words: readonly string[]) =>
  words.reduce<{ at: number; word: string }>(
    (best, w) => {
      const i = head.indexOf(w);
      return i >= 0 && i < best.at ? { at: i, word: w } : best;
    },
    { at: Infinity, word: "" },
  );

/**
 * Classifies how a statement opens. English: its first word is an action-verb form
 * ("Led", "Designed", "reducing"), or it opens with a weak phrase ("Responsible for").
 * Chinese: an action verb appears within the first {@link ZH_VERB_WINDOW} characters of
 * {@link zhHead} (so after an instrument phrase such as "使用 SQL（MySQL、Hive）"), unless a
 * weak verb (参与/协助 …) comes first — spelt right or as a pinyin-input slip (参预 for 参与,
 * `lib/text/homophones.ts`): a slip must not escape the weak reading its right spelling gets, or
 * fixing it would lower the score (eval/README.md, "Round 3"). A slip of an action verb earns nothing.
 */
export function verbKind(text: string): VerbKind {
  const t = dropLabel(text.trim());
  if (hasCjk(t.slice(0, 12))) {
    const head = zhHead(t);
    const weak = firstAt(readAsMeant(head, WEAK_OPENERS_ZH), WEAK_OPENERS_ZH);
    const act = firstAt(head, ACTION_VERBS_ZH);
    if (weak.at < act.at) return "weak";
    if (act.at < Infinity) return "action";
    return "none";
  }
  const lower = t.toLowerCase().replace(/^(?:successfully|effectively|independently|actively|personally|jointly|quickly|also)\s+/, "");
  if (WEAK_OPENERS_EN.some((w) => lower.startsWith(w))) return "weak";
  const first = /^[a-z][a-z-]*/.exec(lower)?.[0] ?? "";
  return ACTION_VERB_FORMS_EN.has(first) ? "action" : "none";
}

/**
 * The first word (English), or for Chinese the first verb of the opening (else its first two
 * characters) — used for repetition checks. "使用 A 部署…" and "使用 B 处理…" open with 部署 and
 * 处理, as their English forms open with "Deployed" and "Processed". A pinyin-input slip of a
 * listed verb (负则 for 负责) is read as the verb, so a slip does not hide a repetition
 * (`lib/text/homophones.ts`; eval/README.md, "Round 3").
 */
export function opener(text: string): string {
  const t = dropLabel(text.trim());
  if (hasCjk(t.slice(0, 2))) {
    const head = readAsMeant(zhHead(t), [...WEAK_OPENERS_ZH, ...ACTION_VERBS_ZH]);
    const verb = [firstAt(head, WEAK_OPENERS_ZH), firstAt(head, ACTION_VERBS_ZH)].sort((a, b) => a.at - b.at)[0];
    return verb.at < Infinity ? verb.word : head.slice(0, 2);
  }
  return (/^[A-Za-z][A-Za-z-]*/.exec(t)?.[0] ?? "").toLowerCase();
}
