import { Text, View } from "@react-pdf/renderer";
import type { InterviewReportBody } from "@/lib/interview/contracts";
import { type ReportQuestion, SUB_SCORE_KEYS, SUB_SCORE_WEIGHTS } from "@/lib/interview/schemas";
import { formatReportDate, formatScore, type ReportTranslator, reportTranslator } from "./labels";
import { Bullets, ItemLine, OverallScore, ReportDocument, ScoreBar, Section, styles } from "./parts";

/**
 * The interview report as a PDF document, the content of the interview page
 * (components/interview/interview-report.tsx) in the interview's language: role, level,
 * question count, date, engine, overall score and assessment, the category averages,
 * strengths and improvements, then each question with its score, sub-scores, the answer beside
 * the reference answer, the feedback and the key points missed and covered. The page's radar
 * chart is the category list here.
 */
export function InterviewReportDocument({ interview, generatedAt }: { interview: InterviewReportBody; generatedAt: string }) {
  const { report, language } = interview;
  const t = reportTranslator(language);
  return (
    <ReportDocument
      t={t}
      language={language}
      kicker={t("reports.interviewTitle")}
      title={interview.role}
      meta={[
        [t(`interview.form.levels.${interview.level}`), t("interview.form.questions", { count: interview.questionCount })].join(" · "),
        t("reports.interviewedAt", { date: formatReportDate(interview.createdAt, language) }),
        report.engine === "offline" ? t("interview.engine.offline") : t("interview.engine.model", { model: report.engine }),
      ]}
      generatedAt={generatedAt}
    >
      <OverallScore label={t("interview.report.overall")} score={report.overallScore} />
      <Section title={t("reports.summary")}>
        <Text>{report.assessment}</Text>
      </Section>

      <Section title={t("interview.report.categories")}>
        {report.categories.map((c) => (
          <View key={c.category} style={{ marginTop: 4 }}>
            <ScoreBar label={t(`interview.categories.${c.category}`)} score={c.average} max={100} />
          </View>
        ))}
      </Section>

      <Section title={t("interview.report.strengths")}>
        <Bullets items={report.strengths} empty={t("interview.report.noStrengths")} />
      </Section>
      <Section title={t("interview.report.improvements")}>
        <Bullets items={report.improvements} empty={t("interview.report.noImprovements")} />
      </Section>

      <Section title={t("interview.report.questions")}>
        {report.questions.map((q, i) => (
          <QuestionResult key={q.questionId} q={q} index={i} t={t} />
        ))}
      </Section>
    </ReportDocument>
  );
}

function QuestionResult({ q, index, t }: { q: ReportQuestion; index: number; t: ReportTranslator }) {
  const answered = !q.skipped && q.answer.trim().length > 0;
  return (
    <View style={[styles.block, { paddingTop: 6, borderTopWidth: index === 0 ? 0 : 1, borderTopColor: "#e2e8f0" }]}>
      <View style={styles.row} minPresenceAhead={60}>
        <Text style={styles.small}>
          {[
            t("interview.report.questionNumber", { number: index + 1 }),
            t(`interview.categories.${q.category}`),
            q.skipped ? t("interview.report.skipped") : null,
          ]
            .filter(Boolean)
            .join(" · ")}
        </Text>
        <Text>
          <Text style={{ fontSize: 14, fontWeight: 700, color: "#0f172a" }}>{formatScore(q.score)}</Text>
          <Text style={styles.small}>/100</Text>
        </Text>
      </View>
      <Text style={[styles.subheading, { marginTop: 2 }]}>{q.question}</Text>

      <View style={{ flexDirection: "row", flexWrap: "wrap", gap: 8, marginTop: 4 }} wrap={false}>
        {SUB_SCORE_KEYS.map((k) => (
          <View key={k} style={{ width: "23%" }}>
            <ScoreBar label={`${t(`interview.report.subScores.${k}`)} ×${SUB_SCORE_WEIGHTS[k] * 100}%`} score={q.subScores[k]} max={100} compact />
          </View>
        ))}
      </View>

      <View style={styles.box}>
        <Text style={styles.small}>{t("reports.answer")}</Text>
        <Text style={answered ? undefined : styles.small}>{answered ? q.answer : q.skipped ? t("reports.skippedAnswer") : t("interview.report.noAnswer")}</Text>
      </View>
      <View style={styles.box}>
        <Text style={styles.small}>{t("interview.report.referenceAnswer")}</Text>
        <Text>{q.referenceAnswer}</Text>
      </View>
      <Text style={{ marginTop: 6 }}>{q.feedback}</Text>
      {q.keyPointsMissed.length > 0 || q.keyPointsCovered.length > 0 ? (
        <View>
          <ItemLine title={t("interview.report.missed")} items={q.keyPointsMissed} empty={t("interview.report.none")} good={false} />
          <ItemLine title={t("interview.report.covered")} items={q.keyPointsCovered} empty={t("interview.report.none")} good />
        </View>
      ) : null}
    </View>
  );
}
