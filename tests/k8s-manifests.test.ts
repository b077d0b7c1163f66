import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import * as keda from "@kubernetes-models/keda";
import * as k8s from "kubernetes-models";
import { describe, expect, it } from "vitest";
import { parse, parseAllDocuments } from "yaml";
import { CONSUMER_GROUP, redisPrefix, streamKey } from "@/lib/queue/names";
import { TASK_DEFINITIONS, TASK_TYPES } from "@/lib/tasks/definitions";

/**
 * k8s/ is the cluster shape of docs/deploy.md ("In a cluster"). There is no cluster here, so every
 * manifest is checked against the Kubernetes 1.27 OpenAPI schemas (kubernetes-models 4.5.1) and
 * KEDA's CRDs (@kubernetes-models/keda 0.4.2) — a kind with no model fails — and against the rules
 * that make it Panelist's: one image, a web tier that scales and probes real routes, a worker that
 * drains, KEDA triggers on the real streams and consumer group, env that exists, no secret values.
 * The schemas do not reject unknown fields (Kubernetes' own do not either; `kubectl apply
 * --validate=strict` does), so the rules read every field they rely on by name.
 */

const root = path.resolve(import.meta.dirname, "..");
const K8S = path.join(root, "k8s");
const KUSTOMIZATION = "kustomization.yaml";
/** A template of the Secret, not applied by kustomization.yaml (the real one is made by hand). */
const SECRET_TEMPLATE = "secret.example.yaml";
/** What marks a placeholder in the Secret template. */
const PLACEHOLDER = "CHANGE_ME";

type Obj = Record<string, unknown>;
type Doc = { file: string; apiVersion: string; kind: string; metadata: { name: string; namespace?: string; labels?: Record<string, string> } } & Obj;
type ModelClass = { new (data: unknown): { validate(): void }; apiVersion: string; kind: string };
type Container = {
  name: string;
  image?: string;
  command?: string[];
  ports?: { name?: string; containerPort: number }[];
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string }; configMapKeyRef?: { name: string; key: string } } }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
  resources?: { requests?: { cpu?: string; memory?: string }; limits?: { memory?: string } };
  securityContext?: { runAsNonRoot?: boolean; allowPrivilegeEscalation?: boolean };
};
type Probe = { httpGet?: { path: string; port: string | number } };
type PodSpec = { containers: Container[]; initContainers?: Container[]; terminationGracePeriodSeconds?: number; securityContext?: { runAsNonRoot?: boolean } };
type Workload = Doc & {
  spec: { replicas?: number; selector?: { matchLabels?: Record<string, string> }; template: { metadata?: { labels?: Record<string, string> }; spec: PodSpec } };
};

/** apiVersion/kind → model class, from every model both packages export. */
function modelRegistry(): Map<string, ModelClass> {
  const models = new Map<string, ModelClass>();
  const walk = (node: unknown, depth: number) => {
    if (depth > 4 || !node || (typeof node !== "object" && typeof node !== "function")) return;
    for (const value of Object.values(node as Obj)) {
      const m = value as Partial<ModelClass>;
      if (typeof value === "function" && typeof m.apiVersion === "string" && typeof m.kind === "string")
        models.set(`${m.apiVersion}/${m.kind}`, m as ModelClass);
      else if (value && typeof value === "object") walk(value, depth + 1);
    }
  };
  walk(k8s, 0);
  walk(keda, 0);
  return models;
}
const MODELS = modelRegistry();

/** Schema errors of one document: none, or why it is not a valid object of its kind. */
function schemaErrors(doc: Obj): string[] {
  const { file: _file, ...obj } = doc;
  const Model = MODELS.get(`${obj.apiVersion}/${obj.kind}`);
  if (!Model) return [`${obj.apiVersion}/${obj.kind}: no Kubernetes or KEDA model for this kind`];
  try {
    new Model(obj).validate();
    return [];
  } catch (err) {
    return [`${obj.kind} ${(obj.metadata as Obj | undefined)?.name}: ${(err as Error).message}`];
  }
}

function loadDocs(files: string[]): Doc[] {
  return files.flatMap((file) =>
    parseAllDocuments(readFileSync(path.join(K8S, file), "utf8"))
      .map((d) => d.toJSON() as Doc | null)
      .filter((d): d is Doc => d !== null)
      .map((d) => ({ ...d, file })),
  );
}
const manifestFiles = () => readdirSync(K8S).filter((f) => f.endsWith(".yaml") && f !== KUSTOMIZATION);
const kustomization = () => parse(readFileSync(path.join(K8S, KUSTOMIZATION), "utf8")) as { resources: string[]; images?: { name: string }[] };

/** Every source file of the product (what reads the environment), as one text. */
const productSources = (() => {
  const out: string[] = [];
  const walk = (p: string) => {
    const st = statSync(p);
    if (st.isDirectory()) for (const e of readdirSync(p)) walk(path.join(p, e));
    else if (/\.(ts|tsx|mjs)$/.test(p) && !/\.test\.ts$/.test(p)) out.push(readFileSync(p, "utf8"));
  };
  for (const p of ["app", "lib", "worker", "scripts", "instrumentation.ts", "next.config.ts"]) walk(path.join(root, p));
  return out.join("\n");
})();

/** Whether a URL path is served by app/: a page.tsx or route.ts, through (groups), [params] and [...catch-alls]. */
function appServes(urlPath: string): boolean {
  const find = (dir: string, segs: string[]): boolean => {
    const entries = readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory());
    if (segs.length === 0 && ["page.tsx", "route.ts"].some((f) => existsSync(path.join(dir, f)))) return true;
    for (const e of entries) {
      const sub = path.join(dir, e.name);
      if (/^\(.+\)$/.test(e.name) && find(sub, segs)) return true;
      if (segs.length === 0) continue;
      if (/^\[\.\.\..+\]$/.test(e.name) && existsSync(path.join(sub, "route.ts"))) return true;
      if ((e.name === segs[0] || /^\[[^.].*\]$/.test(e.name)) && find(sub, segs.slice(1))) return true;
    }
    return false;
  };
  return find(path.join(root, "app"), urlPath.split("/").filter(Boolean));
}

/** The stream of every (type, lane) a task may be submitted to, under `prefix`. */
function expectedStreams(prefix: string): string[] {
  return TASK_TYPES.flatMap((t) => TASK_DEFINITIONS[t].lanes.map((lane) => prefix + streamKey(t, lane).slice(redisPrefix().length))).sort();
}

const SECRET_NAME = /SECRET|PASSWORD|TOKEN|API_KEY|^DATABASE_URL$|^REDIS_URL$/;
/** What the app cannot start without (README.md, "Environment"; docs/deploy.md). */
const REQUIRED_ENV = ["DATABASE_URL", "REDIS_URL", "BETTER_AUTH_SECRET", "APP_URL"];

const containersOf = (w: Workload): Container[] => [...(w.spec.template.spec.initContainers ?? []), ...w.spec.template.spec.containers];
const byComponent = (docs: Doc[], kind: string, component: string) =>
  docs.find((d) => d.kind === kind && d.metadata.labels?.["app.kubernetes.io/component"] === component) as Workload | undefined;
const selects = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) =>
  !!selector && Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels?.[k] === v);

/** The rules; returns the broken ones (empty when all hold). */
function manifestProblems(docs: Doc[], kust: { resources: string[]; images?: { name: string }[] }, files: string[]): string[] {
  const problems: string[] = [];
  const web = byComponent(docs, "Deployment", "web");
  const worker = byComponent(docs, "Deployment", "worker");
  const job = docs.find((d) => d.kind === "Job") as Workload | undefined;
  if (!web || !worker || !job) return ["a web Deployment, a worker Deployment and a migration Job are needed"];
  const workloads = [web, worker, job];
  const configMaps = docs.filter((d) => d.kind === "ConfigMap") as (Doc & { data?: Record<string, string> })[];
  const secrets = docs.filter((d) => d.kind === "Secret") as (Doc & { data?: unknown; stringData?: Record<string, string> })[];
  const keysOf = new Map<string, Set<string>>([
    ...configMaps.map((c) => [`ConfigMap/${c.metadata.name}`, new Set(Object.keys(c.data ?? {}))] as const),
    ...secrets.map((s) => [`Secret/${s.metadata.name}`, new Set(Object.keys(s.stringData ?? {}))] as const),
  ]);

  for (const d of docs) if (d.metadata.namespace) problems.push(`${d.kind} ${d.metadata.name} names a namespace (the manifests are namespace-agnostic)`);

  // Kustomization: every manifest but the Secret template, and the image it retargets.
  const expected = files.filter((f) => f !== SECRET_TEMPLATE).sort();
  if (JSON.stringify([...kust.resources].sort()) !== JSON.stringify(expected)) problems.push(`kustomization.yaml resources are not ${expected.join(", ")}`);
  if (kust.resources.includes(SECRET_TEMPLATE)) problems.push("kustomization.yaml applies the Secret template");

  // One image everywhere: the Panelist image kustomization.yaml retargets.
  const images = new Set(workloads.flatMap(containersOf).map((c) => c.image ?? "(none)"));
  if (images.size !== 1) problems.push(`containers run ${images.size} different images: ${[...images].join(", ")}`);
  const [image] = images;
  if (!kust.images?.some((i) => i.name === image?.replace(/:[^/:]+$/, ""))) problems.push(`the image ${image} is not the one kustomization.yaml sets`);

  // Env: references resolve, every key is read by someone, the required ones exist, secrets stay secret.
  const kedaText = JSON.stringify(docs.filter((d) => d.apiVersion.startsWith("keda.sh/")));
  for (const w of workloads) {
    for (const c of containersOf(w)) {
      for (const from of c.envFrom ?? []) {
        const ref = from.configMapRef ? `ConfigMap/${from.configMapRef.name}` : `Secret/${from.secretRef?.name}`;
        if (!keysOf.has(ref)) problems.push(`${w.metadata.name}/${c.name}: envFrom ${ref} does not exist`);
      }
      for (const e of c.env ?? []) {
        const ref = e.valueFrom?.secretKeyRef
          ? ["Secret", e.valueFrom.secretKeyRef]
          : e.valueFrom?.configMapKeyRef
            ? ["ConfigMap", e.valueFrom.configMapKeyRef]
            : null;
        if (ref && !keysOf.get(`${ref[0]}/${(ref[1] as { name: string }).name}`)?.has((ref[1] as { key: string }).key)) {
          problems.push(`${w.metadata.name}/${c.name}: env ${e.name} refers to a missing key`);
        }
        if (e.value !== undefined && SECRET_NAME.test(e.name)) problems.push(`${w.metadata.name}/${c.name}: ${e.name} is a literal, not from the Secret`);
      }
      const provided = new Set(
        (c.envFrom ?? []).flatMap((f) => [...(keysOf.get(f.configMapRef ? `ConfigMap/${f.configMapRef.name}` : `Secret/${f.secretRef?.name}`) ?? [])]),
      );
      for (const name of REQUIRED_ENV) if (!provided.has(name)) problems.push(`${w.metadata.name}/${c.name}: ${name} is not provided`);
    }
  }
  for (const [ref, keys] of keysOf) {
    for (const key of keys) {
      if (!new RegExp(`\\b${key}\\b`).test(productSources) && !kedaText.includes(`"${key}"`))
        problems.push(`${ref}: ${key} is read by neither Panelist nor KEDA`);
      if (ref.startsWith("ConfigMap/") && SECRET_NAME.test(key)) problems.push(`${ref}: ${key} is a secret in a ConfigMap`);
    }
  }
  for (const s of secrets) {
    if (s.data) problems.push(`Secret ${s.metadata.name} commits base64 data`);
    for (const [k, v] of Object.entries(s.stringData ?? {}))
      if (v !== "" && !v.includes(PLACEHOLDER)) problems.push(`Secret ${s.metadata.name}: ${k} holds a value, not a ${PLACEHOLDER} placeholder`);
  }

  // Every pod: non-root, no privilege escalation, sized.
  for (const w of workloads) {
    for (const c of containersOf(w)) {
      if (!(c.securityContext?.runAsNonRoot ?? w.spec.template.spec.securityContext?.runAsNonRoot))
        problems.push(`${w.metadata.name}/${c.name} may run as root`);
      if (c.securityContext?.allowPrivilegeEscalation !== false) problems.push(`${w.metadata.name}/${c.name} allows privilege escalation`);
      if (!c.resources?.requests?.cpu || !c.resources.requests.memory || !c.resources.limits?.memory)
        problems.push(`${w.metadata.name}/${c.name} has no cpu/memory requests or memory limit`);
    }
    if (!selects(w.spec.selector?.matchLabels, w.spec.template.metadata?.labels) && w.kind === "Deployment")
      problems.push(`${w.metadata.name}: its selector does not match its pods`);
  }

  // Web: ≥ 2 replicas, the cluster entry, probes on routes that exist, a Service, an HPA on CPU.
  const webC = web.spec.template.spec.containers[0];
  if ((web.spec.replicas ?? 1) < 2) problems.push("web has fewer than 2 replicas");
  if (!webC.command?.join(" ").includes("scripts/web-cluster.mjs")) problems.push("web does not run scripts/web-cluster.mjs");
  for (const kind of ["readinessProbe", "livenessProbe"] as const) {
    const probe = webC[kind]?.httpGet;
    if (!probe) problems.push(`web has no HTTP ${kind}`);
    else {
      if (!appServes(probe.path)) problems.push(`web ${kind}: no route serves ${probe.path}`);
      if (!webC.ports?.some((p) => p.name === probe.port || p.containerPort === probe.port))
        problems.push(`web ${kind}: port ${probe.port} is not a container port`);
    }
  }
  const services = docs.filter((d) => d.kind === "Service") as (Doc & {
    spec: { selector?: Record<string, string>; ports?: { targetPort?: string | number }[] };
  })[];
  const webSvc = services.find((s) => selects(s.spec.selector, web.spec.template.metadata?.labels));
  if (!webSvc) problems.push("no Service selects the web pods");
  else if (!webSvc.spec.ports?.every((p) => webC.ports?.some((cp) => cp.name === p.targetPort || cp.containerPort === p.targetPort))) {
    problems.push("the web Service targets a port the web container does not have");
  }
  const hpas = docs.filter((d) => d.kind === "HorizontalPodAutoscaler") as (Doc & {
    spec: { scaleTargetRef: { kind: string; name: string }; minReplicas?: number; metrics?: { type: string; resource?: { name: string } }[] };
  })[];
  const webHpa = hpas.find((h) => h.spec.scaleTargetRef.kind === "Deployment" && h.spec.scaleTargetRef.name === web.metadata.name);
  if (!webHpa) problems.push("no HorizontalPodAutoscaler targets the web Deployment");
  else {
    if (webHpa.apiVersion !== "autoscaling/v2") problems.push("the web HPA is not autoscaling/v2");
    if (!webHpa.spec.metrics?.some((m) => m.type === "Resource" && m.resource?.name === "cpu")) problems.push("the web HPA does not scale on CPU");
    if ((webHpa.spec.minReplicas ?? 1) < 2) problems.push("the web HPA may scale below 2 replicas");
  }

  // Worker: no Service, drains, scaled by KEDA alone.
  const grace = worker.spec.template.spec.terminationGracePeriodSeconds ?? 30;
  if (grace < 60) problems.push(`worker terminationGracePeriodSeconds is ${grace} (< 60: in-flight tasks need their 30 s and the release)`);
  if (services.some((s) => selects(s.spec.selector, worker.spec.template.metadata?.labels))) problems.push("a Service selects the worker pods");
  if (hpas.some((h) => h.spec.scaleTargetRef.name === worker.metadata.name)) problems.push("an HPA targets the worker (KEDA's ScaledObject owns its replicas)");

  const scaled = docs.filter((d) => d.kind === "ScaledObject") as (Doc & {
    spec: {
      scaleTargetRef: { name: string };
      minReplicaCount?: number;
      triggers: { type: string; metadata: Record<string, string>; authenticationRef?: { name: string } }[];
    };
  })[];
  const so = scaled.find((s) => s.spec.scaleTargetRef.name === worker.metadata.name);
  if (!so) return [...problems, "no ScaledObject targets the worker"];
  if ((so.spec.minReplicaCount ?? 0) < 1) problems.push("the worker may scale to 0 (its relay and fair feeder fill the streams)");
  const prefix = configMaps.map((c) => c.data?.PANELIST_REDIS_PREFIX).find((p) => p !== undefined) ?? "";
  const streams = expectedStreams(prefix);
  const triggered = so.spec.triggers.map((t) => t.metadata.stream);
  for (const s of streams) if (!triggered.includes(s)) problems.push(`no KEDA trigger reads ${s}`);
  const auths = docs.filter((d) => d.kind === "TriggerAuthentication") as (Doc & {
    spec: { secretTargetRef?: { parameter: string; name: string; key: string }[] };
  })[];
  const workerEnv = new Set(
    worker.spec.template.spec.containers.flatMap((c) =>
      (c.envFrom ?? []).flatMap((f) => [...(keysOf.get(f.configMapRef ? `ConfigMap/${f.configMapRef.name}` : `Secret/${f.secretRef?.name}`) ?? [])]),
    ),
  );
  for (const t of so.spec.triggers) {
    const m = t.metadata;
    if (t.type !== "redis-streams") problems.push(`trigger on ${m.stream}: type ${t.type}, not redis-streams`);
    if (!streams.includes(m.stream)) problems.push(`trigger on ${m.stream}: not a Panelist stream`);
    if (triggered.filter((s) => s === m.stream).length > 1) problems.push(`trigger on ${m.stream}: more than one`);
    if (m.consumerGroup !== CONSUMER_GROUP) problems.push(`trigger on ${m.stream}: consumer group ${m.consumerGroup}, not ${CONSUMER_GROUP}`);
    if (!m.lagCount && !m.pendingEntriesCount) problems.push(`trigger on ${m.stream}: neither lagCount nor pendingEntriesCount`);
    if (m.addressFromEnv && !workerEnv.has(m.addressFromEnv)) problems.push(`trigger on ${m.stream}: the worker has no ${m.addressFromEnv}`);
    if (!m.address && !m.addressFromEnv && !m.host && !m.hostFromEnv) problems.push(`trigger on ${m.stream}: no Redis address`);
    const auth = auths.find((a) => a.metadata.name === t.authenticationRef?.name);
    if (!auth) problems.push(`trigger on ${m.stream}: no TriggerAuthentication ${t.authenticationRef?.name}`);
    else if (!auth.spec.secretTargetRef?.some((r) => r.parameter === "password"))
      problems.push(`TriggerAuthentication ${auth.metadata.name} gives no Redis password`);
  }
  for (const a of auths) {
    for (const r of a.spec.secretTargetRef ?? [])
      if (!keysOf.get(`Secret/${r.name}`)?.has(r.key)) problems.push(`TriggerAuthentication ${a.metadata.name}: Secret ${r.name} has no ${r.key}`);
  }

  // Migration: npm run db:migrate, never restarted in place forever.
  if (!containersOf(job).some((c) => c.command?.join(" ").includes("db:migrate"))) problems.push("the Job does not run npm run db:migrate");
  return problems;
}

describe("k8s/ manifests", () => {
  const files = manifestFiles();
  const docs = loadDocs(files);

  it("covers the kinds of the cluster shape", () => {
    const kinds = docs.map((d) => d.kind).sort();
    for (const kind of ["ConfigMap", "Deployment", "HorizontalPodAutoscaler", "Job", "ScaledObject", "Secret", "Service", "TriggerAuthentication"]) {
      expect(kinds).toContain(kind);
    }
  });

  it("every document is a valid object of its kind (Kubernetes 1.27 schemas, KEDA CRDs)", () => {
    expect(docs.flatMap(schemaErrors)).toEqual([]);
  });

  it("holds the rules", () => {
    expect(manifestProblems(docs, kustomization(), files)).toEqual([]);
  });

  it("the schema check fails a broken object and an unknown kind", () => {
    const deployment = structuredClone(docs.find((d) => d.kind === "Deployment")!) as Workload;
    (deployment.spec.template.spec.containers[0].ports as unknown as { containerPort: string }[])[0].containerPort = "http";
    expect(schemaErrors(deployment).join("\n")).toMatch(/containerPort must be integer/);
    const noContainers = structuredClone(docs.find((d) => d.kind === "Deployment")!) as Workload;
    delete (noContainers.spec.template.spec as Partial<PodSpec>).containers;
    expect(schemaErrors(noContainers).join("\n")).toMatch(/template\/spec must have required property containers/);
    expect(schemaErrors({ ...docs[0], kind: "Deploymnet" })).toEqual([`${docs[0].apiVersion}/Deploymnet: no Kubernetes or KEDA model for this kind`]);
    const so = structuredClone(docs.find((d) => d.kind === "ScaledObject")!) as Doc & { spec: { triggers: { metadata: Record<string, unknown> }[] } };
    so.spec.triggers[0].metadata.lagCount = 8;
    expect(schemaErrors(so).join("\n")).toMatch(/metadata\/lagCount must be string/);
  });

  it("the rules catch broken manifests", () => {
    const broken = structuredClone(docs) as (Doc & { spec: Obj; data?: Record<string, string>; stringData?: Record<string, string> })[];
    const find = (kind: string, component?: string) =>
      broken.find((d) => d.kind === kind && (!component || d.metadata.labels?.["app.kubernetes.io/component"] === component)) as unknown as Workload & Obj;
    const worker = find("Deployment", "worker");
    worker.spec.template.spec.terminationGracePeriodSeconds = 30;
    worker.spec.template.spec.containers[0].image = "redis:7";
    const web = find("Deployment", "web");
    web.spec.replicas = 1;
    web.spec.template.spec.containers[0].readinessProbe = { httpGet: { path: "/healthz", port: "http" } };
    (find("HorizontalPodAutoscaler") as unknown as { spec: { scaleTargetRef: { name: string } } }).spec.scaleTargetRef.name = "panelist-worker";
    const so = find("ScaledObject") as unknown as { spec: { triggers: { metadata: Record<string, string> }[]; minReplicaCount: number } };
    so.spec.triggers[0].metadata.stream = "panelist:{resume.analyse}:interactive";
    so.spec.triggers[1].metadata.consumerGroup = "worker";
    so.spec.minReplicaCount = 0;
    const cm = find("ConfigMap") as unknown as { data: Record<string, string> };
    cm.data.LLM_MODLE = "gpt-4o";
    cm.data.LLM_API_KEY = "sk-live";
    const secret = find("Secret") as unknown as { stringData: Record<string, string> };
    secret.stringData.BETTER_AUTH_SECRET = "kq3vS2mZ0x1n7Qe9bW4rT6yU8iO5pA3s";
    delete secret.stringData.REDIS_PASSWORD;
    broken[0].metadata.namespace = "prod";
    const problems = manifestProblems(broken, { ...kustomization(), resources: [...kustomization().resources, SECRET_TEMPLATE] }, files).join("\n");
    for (const expected of [
      "worker terminationGracePeriodSeconds is 30",
      "containers run 2 different images",
      "web has fewer than 2 replicas",
      "web readinessProbe: no route serves /healthz",
      "an HPA targets the worker",
      "no HorizontalPodAutoscaler targets the web Deployment",
      "no KEDA trigger reads panelist:{resume.analyze}:interactive",
      "panelist:{resume.analyse}:interactive: not a Panelist stream",
      "consumer group worker, not workers",
      "the worker may scale to 0",
      "LLM_MODLE is read by neither Panelist nor KEDA",
      "LLM_API_KEY is a secret in a ConfigMap",
      "BETTER_AUTH_SECRET holds a value, not a CHANGE_ME placeholder",
      "Secret panelist-secrets has no REDIS_PASSWORD",
      "names a namespace",
      "kustomization.yaml applies the Secret template",
    ]) {
      expect(problems).toContain(expected);
    }
  });
});
