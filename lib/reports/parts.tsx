import { Document, Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import type { ReactNode } from "react";
import { REPORT_FONT_STACK } from "./fonts";
import { formatReportDate, formatScore, type ReportLanguage, type ReportTranslator } from "./labels";

/**
 * The pieces both reports are built from, in the pages' colours (Tailwind's slate, emerald,
 * amber, rose and indigo) and the same score thresholds: green from 75 %, amber from 50 %,
 * red below (components/ui/score-tone.ts).
 */
const COLOR = {
  ink: "#0f172a",
  text: "#334155",
  muted: "#64748b",
  rule: "#e2e8f0",
  accent: "#4f46e5",
  good: "#059669",
  fair: "#d97706",
  poor: "#e11d48",
  goodBar: "#10b981",
  fairBar: "#f59e0b",
  poorBar: "#f43f5e",
  goodTint: "#ecfdf5",
  poorTint: "#fff1f2",
};

function tone(score: number, max: number, kind: "text" | "bar"): string {
  const ratio = max > 0 ? score / max : 0;
  if (ratio >= 0.75) return kind === "text" ? COLOR.good : COLOR.goodBar;
  if (ratio >= 0.5) return kind === "text" ? COLOR.fair : COLOR.fairBar;
  return kind === "text" ? COLOR.poor : COLOR.poorBar;
}

export const styles = StyleSheet.create({
  page: { fontFamily: REPORT_FONT_STACK, fontSize: 10, color: COLOR.text, paddingTop: 40, paddingBottom: 56, paddingHorizontal: 44 },
  kicker: { fontSize: 9, color: COLOR.accent, fontWeight: 700, letterSpacing: 0.5 },
  title: { fontSize: 18, lineHeight: 1.3, fontWeight: 700, color: COLOR.ink, marginTop: 2 },
  meta: { fontSize: 9, color: COLOR.muted, marginTop: 2 },
  section: { marginTop: 16 },
  heading: { fontSize: 12.5, fontWeight: 700, color: COLOR.ink, marginBottom: 6, paddingBottom: 3, borderBottomWidth: 1, borderBottomColor: COLOR.rule },
  subheading: { fontSize: 10.5, fontWeight: 700, color: COLOR.ink },
  small: { fontSize: 8.5, color: COLOR.muted },
  row: { flexDirection: "row", justifyContent: "space-between", alignItems: "flex-end", gap: 8 },
  block: { marginTop: 10 },
  quote: { fontSize: 9, color: COLOR.text, marginTop: 2 },
  quotes: { marginTop: 4, paddingLeft: 8, borderLeftWidth: 2, borderLeftColor: COLOR.rule },
  box: { borderWidth: 1, borderColor: COLOR.rule, borderRadius: 4, padding: 8, marginTop: 6 },
  footer: { position: "absolute", bottom: 24, left: 44, right: 44, flexDirection: "row", justifyContent: "space-between", fontSize: 8, color: COLOR.muted },
});

/**
 * One report document: A4 pages with the report's title block and a footer (when and by what it
 * was made, page k of n) on every page. `language` goes into the PDF's metadata for screen
 * readers and search.
 */
export function ReportDocument(props: {
  t: ReportTranslator;
  language: ReportLanguage;
  kicker: string;
  title: string;
  meta: string[];
  generatedAt: string;
  children: ReactNode;
}) {
  const { t, language } = props;
  return (
    <Document title={`${props.kicker}: ${props.title}`} author="Panelist" creator="Panelist" producer="Panelist" language={language === "zh" ? "zh-CN" : "en"}>
      <Page size="A4" style={styles.page} wrap>
        <View style={styles.footer} fixed>
          <Text>{t("reports.generatedAt", { date: formatReportDate(props.generatedAt, language) })}</Text>
          <Text render={({ pageNumber, totalPages }) => t("reports.page", { page: pageNumber, total: totalPages })} />
        </View>
        <Text style={styles.kicker}>{props.kicker}</Text>
        <Text style={styles.title}>{props.title}</Text>
        {props.meta.map((line) => (
          <Text key={line} style={styles.meta}>
            {line}
          </Text>
        ))}
        {props.children}
      </Page>
    </Document>
  );
}

/** A titled section; the heading never stays alone at the foot of a page. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <View style={styles.section}>
      <Text style={styles.heading} minPresenceAhead={40}>
        {title}
      </Text>
      {children}
    </View>
  );
}

/** The big overall score, "87 /100", in its tone, beside a label. */
export function OverallScore({ label, score }: { label: string; score: number }) {
  const rounded = Math.round(score);
  return (
    <View style={[styles.row, { justifyContent: "flex-start", alignItems: "flex-end", marginTop: 14 }]}>
      <Text style={{ fontSize: 34, fontWeight: 700, lineHeight: 1, color: tone(rounded, 100, "text") }}>{rounded}</Text>
      <Text style={{ fontSize: 13, color: COLOR.muted, marginLeft: 3 }}>/100</Text>
      <Text style={{ fontSize: 10, color: COLOR.muted, marginLeft: 12 }}>{label}</Text>
    </View>
  );
}

/**
 * A label with "score / max" (or, for a percentage, "score%") on the right and a bar in the
 * score's tone below; `compact` for the sub-scores, four in a row.
 */
export function ScoreBar({
  label,
  score,
  max,
  percent = false,
  compact = false,
}: {
  label: string;
  score: number;
  max: number;
  percent?: boolean;
  compact?: boolean;
}) {
  const height = compact ? 3 : 5;
  const pct = max > 0 ? Math.min(100, Math.max(0, (score / max) * 100)) : 0;
  return (
    <View wrap={false}>
      <View style={[styles.row, compact ? { fontSize: 8 } : {}]}>
        <Text style={compact ? { color: "#64748b" } : styles.subheading}>{label}</Text>
        {percent ? (
          <Text style={{ fontWeight: 700, color: tone(score, max, "text") }}>{formatScore(score)}%</Text>
        ) : (
          <Text>
            <Text style={{ fontWeight: 700, color: COLOR.ink }}>{formatScore(score)}</Text>
            {compact ? "" : ` / ${max}`}
          </Text>
        )}
      </View>
      <View style={{ height, marginTop: 2, borderRadius: height / 2, backgroundColor: COLOR.rule }}>
        <View style={{ height, width: `${pct}%`, borderRadius: height / 2, backgroundColor: tone(score, max, "bar") }} />
      </View>
    </View>
  );
}

/** Bulleted lines, or `empty` when there are none. */
export function Bullets({ items, empty }: { items: string[]; empty: string }) {
  if (items.length === 0) return <Text style={styles.small}>{empty}</Text>;
  return (
    <View>
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in the model's order; items may repeat
        <View key={i} style={{ flexDirection: "row", marginTop: 2 }} wrap={false}>
          <Text style={{ width: 10, color: COLOR.muted }}>•</Text>
          <Text style={{ flex: 1 }}>{item}</Text>
        </View>
      ))}
    </View>
  );
}

/** A titled list of short items (skills, key points) as one wrapped line, or `empty`. */
export function ItemLine({ title, items, empty, good }: { title: string; items: string[]; empty: string; good: boolean }) {
  return (
    <View style={[styles.box, { backgroundColor: good ? COLOR.goodTint : COLOR.poorTint, borderColor: good ? COLOR.goodBar : COLOR.poorBar }]} wrap={false}>
      <Text style={styles.subheading}>
        {title} <Text style={styles.small}>({items.length})</Text>
      </Text>
      <Text style={items.length ? undefined : styles.small}>{items.length ? items.join(" · ") : empty}</Text>
    </View>
  );
}
