import { Text, View } from "@react-pdf/renderer";
import type { Analysis } from "@/lib/resume/analysis-schema";
import type { ResumeBody } from "@/lib/resume/contracts";
import { formatReportDate, type ReportTranslator, reportTranslator } from "./labels";
import { Bullets, ItemLine, OverallScore, ReportDocument, ScoreBar, Section, styles } from "./parts";

/** What a resume's report shows: the body of `GET /api/resumes/{id}` once its analysis exists. */
export type ResumeReportInput = Pick<ResumeBody, "fileName" | "createdAt"> & { analysis: Analysis };

const PRIORITIES = ["high", "medium", "low"] as const;
/** Evidence lines are verbatim resume lines; their list bullets add nothing inside quotes (as on the page). */
const stripBullet = (line: string) => line.replace(/^[\s•·▪●◦‣∙*–-]+/u, "").trim() || line;

/**
 * The resume analysis as a PDF document, the content of the resume page
 * (components/resume/report.tsx) in the analysis' language: file name, upload date, engine,
 * overall score and summary, each dimension with score / max, rationale and evidence, the job
 * description match (% with matched and missing skills) when there was one, strengths, and the
 * suggestions by priority; a flagged analysis (`injectionSuspected`) lists what the integrity
 * checks found and changed, after the summary.
 */
export function ResumeReportDocument({ resume, generatedAt }: { resume: ResumeReportInput; generatedAt: string }) {
  const { analysis } = resume;
  const t = reportTranslator(analysis.language);
  return (
    <ReportDocument
      t={t}
      language={analysis.language}
      kicker={t("reports.resumeTitle")}
      title={resume.fileName}
      meta={[t("resume.uploadedAt", { date: formatReportDate(resume.createdAt, analysis.language) }), engineLine(t, analysis.engine)]}
      generatedAt={generatedAt}
    >
      <OverallScore label={t("report.overall")} score={analysis.overallScore} />
      <Section title={t("reports.summary")}>
        <Text>{analysis.summary}</Text>
      </Section>

      {analysis.integrity && (analysis.injectionSuspected || analysis.integrity.reasons.length > 0) ? (
        <Section title={t(analysis.injectionSuspected ? "integrity.title" : "integrity.noteTitle")}>
          <Bullets items={analysis.integrity.reasons.map((r) => (r.excerpt ? `${r.message} “${r.excerpt}”` : r.message))} empty="" />
        </Section>
      ) : null}

      <Section title={t("report.dimensions")}>
        {analysis.dimensions.map((d) => (
          <View key={d.key} style={styles.block}>
            <ScoreBar label={t(`report.dimension.${d.key}`)} score={d.score} max={d.max} />
            <Text style={{ marginTop: 3 }}>{d.rationale}</Text>
            {d.evidence.length > 0 ? (
              <View style={styles.quotes}>
                <Text style={styles.small}>{t("reports.evidence")}</Text>
                {d.evidence.map((line, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in the model's order; lines may repeat
                  <Text key={i} style={styles.quote}>
                    “{stripBullet(line)}”
                  </Text>
                ))}
              </View>
            ) : null}
          </View>
        ))}
      </Section>

      {analysis.matchPercent != null ? (
        <Section title={t("resume.jobDescription")}>
          <ScoreBar label={t("report.jdMatch")} score={Math.round(analysis.matchPercent)} max={100} percent />
          <ItemLine title={t("reports.matchedSkills")} items={analysis.matchedSkills ?? []} empty={t("report.none")} good />
          <ItemLine title={t("reports.missingSkills")} items={analysis.missingSkills ?? []} empty={t("report.none")} good={false} />
        </Section>
      ) : null}

      <Section title={t("report.strengths")}>
        <Bullets items={analysis.strengths} empty={t("report.noStrengths")} />
      </Section>

      <Section title={t("report.suggestions")}>
        {analysis.suggestions.length === 0 ? <Text style={styles.small}>{t("report.noSuggestions")}</Text> : null}
        {PRIORITIES.map((p) => {
          const items = analysis.suggestions.filter((s) => s.priority === p);
          if (items.length === 0) return null;
          return (
            <View key={p} style={styles.block}>
              <Text style={styles.subheading}>
                {t(`report.priority.${p}`)} <Text style={styles.small}>{t("report.count", { count: items.length })}</Text>
              </Text>
              {items.map((s, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in the model's order; items may repeat
                <View key={i} style={styles.box} wrap={false}>
                  <Text style={styles.small}>{s.category}</Text>
                  <Text style={{ fontWeight: 700, color: "#1e293b" }}>{s.issue}</Text>
                  <Text>{s.recommendation}</Text>
                </View>
              ))}
            </View>
          );
        })}
      </Section>
    </ReportDocument>
  );
}

/** Which engine produced it, as the page's engine badge says it. */
function engineLine(t: ReportTranslator, engine: string): string {
  return engine === "offline" ? t("engine.offline") : t("engine.model", { model: engine });
}
