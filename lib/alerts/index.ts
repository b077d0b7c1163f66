/** The alerts layer (docs/finops.md, "Alerts"): what the console and the worker use. */
export { type EvaluateDeps, type EvaluationResult, evaluateAlerts } from "./evaluate";
export { AlertEvaluator, type AlertEvaluatorOptions } from "./evaluator";
export { type AlertEvent, listActiveAlerts, listRecentAlerts } from "./events";
export { ALERT_KINDS, ALERT_RULE_CATALOGUE, type AlertKind, type AlertRule, listAlertRules, updateAlertRule } from "./rules";
