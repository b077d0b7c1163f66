import { forArea, kp } from "./types";

/** DevOps / SRE: containers, CI/CD, Kubernetes, IaC, observability, incidents, reliability, cost. Written for Panelist. */
const q = forArea("devops");

export const DEVOPS = [
  q({
    id: "do-01",
    topic: "containers",
    category: "technical",
    difficulty: "easy",
    en: {
      question: "What's the difference between a container and a virtual machine?",
      reference:
        "A virtual machine emulates a whole computer: a hypervisor runs several guest operating systems, each with its own kernel, so VMs are strongly isolated but heavy — gigabytes of image, tens of seconds to boot. A container is an isolated process on the host: it shares the host's kernel, and Linux namespaces give it its own view of processes, network and filesystem while cgroups limit its CPU and memory. Containers are therefore small (megabytes), start in under a second and pack densely, and the image bundles the application with its dependencies, so it runs the same on a laptop and in production. The cost is weaker isolation — a kernel vulnerability can affect all containers — so untrusted workloads get VMs or sandboxed runtimes (gVisor, Firecracker microVMs), and in the cloud containers usually run inside VMs anyway.",
    },
    zh: {
      question: "容器和虚拟机有什么区别？",
      reference:
        "虚拟机模拟一整台计算机：由 Hypervisor 运行多个客户操作系统，每个都有自己的内核，所以虚拟机隔离性强但很重——镜像有几个 GB，启动需要几十秒。容器是宿主机上一个被隔离的进程：它与宿主机共享内核，Linux 命名空间（namespace）让它拥有独立的进程、网络和文件系统视图，控制组（cgroups）限制它的 CPU 和内存。因此容器很小（几 MB），一秒内启动，可以高密度部署；镜像把应用和依赖打包在一起，在笔记本上和生产环境中运行结果一致。代价是隔离性较弱——一个内核漏洞可能影响所有容器——所以不可信的负载要用虚拟机或沙箱运行时（gVisor、Firecracker 微虚拟机），而在云上，容器通常本来就运行在虚拟机里。",
    },
    keyPoints: [
      kp(
        "VMs run a full guest OS on a hypervisor",
        "虚拟机在 Hypervisor 上运行完整的客户操作系统",
        "hypervisor|guest os|full os|own kernel|operating system|virtuali*",
        "Hypervisor|虚拟化|完整操作系统|独立内核|客户机",
      ),
      kp(
        "Containers share the host kernel (namespaces, cgroups)",
        "容器共享宿主机内核（namespace、cgroups）",
        "share* the kernel|shared kernel|host kernel|namespace*|cgroup*",
        "共享内核|宿主机内核|命名空间|Namespace|cgroup",
      ),
      kp(
        "Containers are lighter: size, startup, density",
        "容器更轻：体积、启动、密度",
        "lightweight|light|start* fast|seconds|megabytes|density|overhead|smaller",
        "轻量|启动快|秒级|体积小|开销|密度",
      ),
      kp("Isolation/security trade-off", "隔离性与安全的取舍", "isolation|security|secure|vulnerab*|gvisor|firecracker|sandbox*", "隔离|安全|漏洞|沙箱"),
      kp(
        "Portable images with dependencies",
        "带依赖的可移植镜像",
        "image*|portab*|dependenc*|same everywhere|consisten*|docker",
        "镜像|可移植|依赖|一致|Docker",
      ),
    ],
  }),
  q({
    id: "do-02",
    topic: "ci-cd",
    category: "technical",
    difficulty: "easy",
    en: {
      question: "Describe a CI/CD pipeline you would set up for a web service.",
      reference:
        "On every push and pull request, CI checks out the code, installs dependencies from a lockfile with caching, and runs fast checks first — lint, type check, unit tests — then integration tests against real dependencies in containers, plus security scans of dependencies and the image. Merging to main builds one immutable artifact, typically a container image tagged with the commit SHA and pushed to a registry; the same artifact is promoted through environments rather than rebuilt. CD deploys it automatically to staging, runs smoke or end-to-end tests, then to production, with a progressive strategy (rolling or canary) and automatic rollback if health checks or error rates go bad; some teams add a manual approval for production. Secrets come from the CI system's secret store or OIDC federation to the cloud, never from the repository, and database migrations run as a controlled step that is compatible with the previous version.",
    },
    zh: {
      question: "描述一下你会为一个 Web 服务搭建的 CI/CD 流水线。",
      reference:
        "每次推送和合并请求时，CI 拉取代码，根据锁文件安装依赖并使用缓存，先跑快的检查——代码规范、类型检查、单元测试——再在容器中连接真实依赖跑集成测试，并对依赖和镜像做安全扫描。合并到主干时构建一个不可变的制品，通常是以提交 SHA 为标签的容器镜像，推送到镜像仓库；同一个制品在各环境间晋级，而不是重新构建。CD 自动把它部署到预发环境，跑冒烟或端到端测试，然后以渐进式策略（滚动或金丝雀）部署到生产环境，如果健康检查或错误率变差就自动回滚；有些团队会为生产环境加人工审批。密钥来自 CI 系统的密钥存储或通过 OIDC 与云平台联合认证，绝不放在代码仓库里；数据库迁移作为受控步骤执行，并与上一个版本兼容。",
    },
    keyPoints: [
      kp(
        "Build, lint and tests on every commit/PR",
        "每次提交/合并请求都构建、检查、测试",
        "lint*|unit test*|test*|every commit|pull request|build",
        "代码检查|单元测试|测试|每次提交|合并请求|构建",
      ),
      kp(
        "One immutable artifact (image tagged by commit)",
        "一个不可变制品（按提交打标签的镜像）",
        "immutable|artifact*|image|registry|tag*|sha|promot*",
        "不可变|制品|镜像|仓库|标签|晋级",
      ),
      kp(
        "Staged deployment: staging then production",
        "分环境部署：先预发再生产",
        "staging|environment*|production|smoke test*|deploy*",
        "预发|测试环境|生产|冒烟|部署",
      ),
      kp(
        "Progressive rollout with automatic rollback / approval",
        "渐进式发布、自动回滚/审批",
        "rollback|roll back|canary|rolling|blue-green|approval*|health check*",
        "回滚|金丝雀|滚动|蓝绿|审批|健康检查",
      ),
      kp(
        "Secrets handled outside the repo; security scans",
        "密钥不进仓库；安全扫描",
        "secret*|vault|oidc|credential*|scan*|security",
        "密钥|凭证|OIDC|扫描|安全",
      ),
    ],
  }),
  q({
    id: "do-03",
    topic: "linux-disk",
    category: "technical",
    difficulty: "easy",
    en: {
      question: "A Linux server reports that its disk is full. How do you investigate and fix it?",
      reference:
        "Confirm with df -h which filesystem is full, and df -i as well — running out of inodes (millions of tiny files) looks the same to applications. Then find what grew with du -sh on the top-level directories, drilling down (or ncdu); the usual suspects are logs in /var/log or application log directories, old release directories, Docker images, containers and volumes (docker system df), core dumps and temporary files. If df shows full but du doesn't add up, a process is still holding a deleted file open — lsof +L1 shows it, and restarting or truncating through /proc frees the space. Free space safely: compress or delete old logs, prune unused images, rather than deleting files a running service needs. Then prevent a repeat: log rotation with size limits (logrotate, journald limits, Docker log options), cleanup jobs, and disk usage alerts at, say, 80% with a forecast of when it will fill.",
    },
    zh: {
      question: "一台 Linux 服务器报告磁盘满了。你如何排查和解决？",
      reference:
        "先用 df -h 确认是哪个文件系统满了，同时看 df -i——inode 耗尽（数百万个小文件）对应用来说表现是一样的。然后用 du -sh 逐层查看顶层目录，找出是什么变大了（或者用 ncdu）；常见原因是 /var/log 或应用日志目录中的日志、旧的发布目录、Docker 镜像/容器/卷（docker system df）、core dump 和临时文件。如果 df 显示满了但 du 加起来对不上，说明某个进程还打开着已删除的文件——lsof +L1 能找到它，重启进程或通过 /proc 截断文件即可释放空间。要安全地释放空间：压缩或删除旧日志、清理不用的镜像，而不是删除正在运行的服务需要的文件。然后防止再次发生：配置带大小限制的日志轮转（logrotate、journald 限制、Docker 日志选项）、定期清理任务，以及在例如 80% 时触发的磁盘告警，并预测何时会满。",
    },
    keyPoints: [
      kp("df / du to find what is full and what grew", "用 df/du 找出哪里满了、什么变大了", "df|du|ncdu|disk usage", "df|du|ncdu|磁盘使用"),
      kp(
        "Logs, images and temp files as usual culprits",
        "日志、镜像、临时文件是常见原因",
        "log*|/var/log|docker|image*|tmp|temp*|core dump*",
        "日志|镜像|Docker|临时文件|core dump",
      ),
      kp("Deleted files still held open (lsof)", "已删除但仍被打开的文件（lsof）", "lsof|deleted|held open|open file*|file handle*", "lsof|已删除|被占用|句柄"),
      kp("Inode exhaustion", "inode 耗尽", "inode*|df -i", "inode|索引节点"),
      kp(
        "Prevent: log rotation and disk alerts",
        "预防：日志轮转与磁盘告警",
        "logrotate|log rotation|rotat*|alert*|monitor*|cleanup|retention",
        "日志轮转|轮转|告警|监控|清理|保留",
      ),
    ],
  }),
  q({
    id: "do-04",
    topic: "kubernetes-basics",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "Explain Kubernetes Deployments, Services and Ingress, and how health probes fit in.",
      reference:
        "A Deployment declares the desired state of a stateless application — which image, how many replicas, resource requests and limits — and manages ReplicaSets of Pods to match it, replacing Pods that die and performing rolling updates (and rollbacks) when the template changes. Pods come and go with changing IPs, so a Service gives a stable virtual IP and DNS name and load-balances to the Pods whose labels match its selector; type ClusterIP for internal traffic, LoadBalancer or NodePort to expose it. An Ingress (or the newer Gateway API) routes external HTTP(S) traffic by host and path to Services and usually terminates TLS, implemented by an ingress controller such as NGINX or a cloud load balancer. Probes connect them: the readiness probe decides whether a Pod receives traffic from the Service, the liveness probe restarts a stuck container, and a startup probe protects slow starters; good probes make rolling updates safe.",
    },
    zh: {
      question: "解释 Kubernetes 的 Deployment、Service 和 Ingress，以及健康探针在其中的作用。",
      reference:
        "Deployment 声明无状态应用的期望状态——使用哪个镜像、多少副本、资源请求和限制——并管理 Pod 的 ReplicaSet 使其符合期望：替换挂掉的 Pod，在模板变化时执行滚动更新（和回滚）。Pod 会不断创建和销毁、IP 也会变化，所以 Service 提供稳定的虚拟 IP 和 DNS 名称，并把流量负载均衡到标签与其选择器匹配的 Pod 上；ClusterIP 类型用于集群内部流量，LoadBalancer 或 NodePort 用于对外暴露。Ingress（或更新的 Gateway API）按域名和路径把外部 HTTP(S) 流量路由到 Service，通常还负责终止 TLS，由 NGINX 等 Ingress 控制器或云负载均衡实现。探针把它们联系起来：就绪探针（readiness）决定 Pod 是否接收 Service 的流量，存活探针（liveness）重启卡死的容器，启动探针（startup）保护启动慢的应用；合理的探针让滚动更新更安全。",
    },
    keyPoints: [
      kp(
        "Deployment: replicas, desired state, rolling updates",
        "Deployment：副本、期望状态、滚动更新",
        "deployment|replica*|desired state|rolling update*|replicaset|rollback",
        "Deployment|副本|期望状态|滚动更新|ReplicaSet|回滚",
      ),
      kp(
        "Service: stable IP/DNS and load balancing via selectors",
        "Service：稳定的 IP/DNS，通过选择器负载均衡",
        "service|stable ip|clusterip|dns|selector*|label*|load balanc*",
        "Service|稳定 IP|ClusterIP|DNS|选择器|标签|负载均衡",
      ),
      kp(
        "Ingress: HTTP routing by host/path and TLS",
        "Ingress：按域名/路径的 HTTP 路由与 TLS",
        "ingress|gateway api|host|path|tls|routing|controller|nginx",
        "Ingress|Gateway|域名|路径|TLS|路由|控制器",
      ),
      kp("Readiness, liveness and startup probes", "就绪、存活与启动探针", "readiness|liveness|startup probe|probe*|health check*", "就绪|存活|探针|健康检查"),
    ],
  }),
  q({
    id: "do-05",
    topic: "deployment-strategies",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "Compare rolling, blue-green and canary deployments.",
      reference:
        "A rolling deployment replaces instances a few at a time, so old and new versions serve traffic together for a while; it needs no extra capacity but rollback is another rolling update, and both versions must be compatible. Blue-green runs the new version (green) alongside the old one (blue) at full size, tests it, then switches all traffic at the load balancer; rollback is an instant switch back, at the cost of double capacity during the release. A canary sends a small share of traffic — 1%, then 10%, 50% — to the new version and compares its error rate, latency and business metrics with the old one before going further, limiting how many users a bad release can hurt; it needs good metrics and traffic control, ideally automated analysis (Argo Rollouts, Flagger). In every strategy the database is shared, so schema changes must be backward compatible with both versions.",
    },
    zh: {
      question: "比较滚动部署、蓝绿部署和金丝雀部署。",
      reference:
        "滚动部署一次替换几个实例，所以新旧版本会同时提供服务一段时间；不需要额外的资源，但回滚又是一次滚动更新，而且两个版本必须兼容。蓝绿部署以完整规模在旧版本（蓝）旁边运行新版本（绿），测试通过后在负载均衡上一次性切换所有流量；回滚只需立即切回，代价是发布期间需要两倍资源。金丝雀部署把一小部分流量——1%，然后 10%、50%——导向新版本，在继续扩大之前比较其错误率、延迟和业务指标与旧版本的差异，限制了一次坏发布能影响的用户数；它需要良好的指标和流量控制，最好有自动化分析（Argo Rollouts、Flagger）。无论哪种策略，数据库都是共享的，所以表结构变更必须同时兼容两个版本。",
    },
    keyPoints: [
      kp(
        "Rolling: gradual replacement, versions coexist",
        "滚动：逐步替换，新旧版本并存",
        "rolling|gradual*|a few at a time|one by one|batch*|coexist",
        "滚动|逐步|分批|并存",
      ),
      kp(
        "Blue-green: switch all traffic, instant rollback, double capacity",
        "蓝绿：一次切换全部流量，回滚快，资源翻倍",
        "blue-green|blue green|switch|instant rollback|double|two environments",
        "蓝绿|切换|快速回滚|双倍|两套环境",
      ),
      kp(
        "Canary: small traffic share, compare metrics",
        "金丝雀：小比例流量，对比指标",
        "canary|small percent*|percentage|1%|subset|compare metric*",
        "金丝雀|灰度|小流量|百分比|对比指标",
      ),
      kp(
        "Database/schema compatibility between versions",
        "版本之间的数据库/表结构兼容",
        "database|schema|backward* compatib*|migration*|compatib*",
        "数据库|表结构|兼容|迁移",
      ),
      kp("Automated rollback on metrics", "基于指标的自动回滚", "automat*|rollback|roll back|metric*|error rate|health", "自动|回滚|指标|错误率|健康"),
    ],
  }),
  q({
    id: "do-06",
    topic: "iac",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "What is infrastructure as code, and how do you manage Terraform state and changes safely in a team?",
      reference:
        "Infrastructure as code describes servers, networks, databases and permissions in declarative files kept in version control, so changes are reviewed like code, reproducible across environments and auditable, instead of clicked together by hand. Terraform records what it manages in a state file, which must be shared and protected: a remote backend (S3 with DynamoDB locking, Terraform Cloud, GCS) with state locking so two people can't apply at once, encryption and restricted access because state can contain secrets, and versioning for recovery. Changes flow through pull requests where CI runs fmt, validate and terraform plan, and reviewers read the plan; apply runs from CI after approval, not from laptops. Environments are separated (directories or workspaces with separate state) and built from reusable modules with pinned provider versions. Drift — changes made outside Terraform — is detected with scheduled plans, and blast radius is limited by splitting state into smaller stacks.",
    },
    zh: {
      question: "什么是基础设施即代码（IaC）？在团队中你如何安全地管理 Terraform 的状态和变更？",
      reference:
        "基础设施即代码用声明式文件描述服务器、网络、数据库和权限，并纳入版本控制，这样变更像代码一样经过评审，可以在各环境中复现、可审计，而不是靠手工在控制台上点出来。Terraform 把它管理的资源记录在状态文件中，必须共享并加以保护：使用远程后端（S3 加 DynamoDB 锁、Terraform Cloud、GCS）并开启状态锁，防止两个人同时 apply；因为状态中可能含有机密信息，所以要加密并限制访问；开启版本化以便恢复。变更通过合并请求进行，CI 运行 fmt、validate 和 terraform plan，评审人阅读 plan 结果；审批后由 CI 执行 apply，而不是在个人电脑上执行。各环境相互隔离（不同目录或 workspace，各自有独立状态），由可复用的模块构建，并固定 provider 版本。通过定期运行 plan 发现漂移（在 Terraform 之外做的修改），并把状态拆成较小的栈来限制影响范围。",
    },
    keyPoints: [
      kp(
        "Declarative, version-controlled, reviewed infrastructure",
        "声明式、受版本控制、经评审的基础设施",
        "declarative|version control*|git|review*|reproducib*|audit*",
        "声明式|版本控制|Git|评审|可复现|审计",
      ),
      kp(
        "Remote state with locking (and encryption)",
        "远程状态存储并加锁（和加密）",
        "remote state|remote backend|backend|state lock*|locking|dynamodb|s3|encrypt*",
        "远程状态|后端|状态锁|加锁|加密",
      ),
      kp(
        "Plan reviewed in PRs, apply from CI",
        "在合并请求中评审 plan，由 CI 执行 apply",
        "plan|apply|pull request|ci|approval",
        "plan|apply|合并请求|CI|审批",
      ),
      kp(
        "Modules and separate environments",
        "模块化与环境隔离",
        "module*|environment*|workspace*|staging|production|pin*",
        "模块|环境|workspace|隔离|版本固定",
      ),
      kp(
        "Drift detection and no secrets in state/code",
        "漂移检测，状态/代码中不放机密",
        "drift|secret*|sensitive|out-of-band|manual change*",
        "漂移|机密|密钥|敏感|手动修改",
      ),
    ],
  }),
  q({
    id: "do-07",
    topic: "monitoring-alerting",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "What would you monitor for a web service, and how do you design alerts that people don't learn to ignore?",
      reference:
        'Start from the user\'s view with the four golden signals: latency (as percentiles, separately for errors), traffic, errors and saturation (CPU, memory, connection pools, queue depth). Add dependencies — database, cache, external APIs — and business signals such as sign-ups or orders per minute, which catch failures technical metrics miss. Metrics (Prometheus), structured logs and distributed traces together let you go from "something is wrong" to "why". For alerting, page humans only for symptoms that hurt users now and need action — ideally burn-rate alerts on SLOs (error budget consumed too fast) rather than thresholds on every CPU spike; causes and slow trends become tickets or dashboards. Every alert must be actionable, have an owner and a runbook, and be tuned or deleted if it fires without action. Review alert noise regularly; alert fatigue is how real incidents get missed.',
    },
    zh: {
      question: "对于一个 Web 服务，你会监控什么？如何设计不会被大家习惯性忽略的告警？",
      reference:
        "从用户视角出发，用四个黄金信号：延迟（用分位数，并把错误请求单独统计）、流量、错误和饱和度（CPU、内存、连接池、队列长度）。再加上依赖——数据库、缓存、外部 API——以及注册数、每分钟订单数等业务信号，它们能发现技术指标漏掉的故障。指标（Prometheus）、结构化日志和分布式链路追踪结合起来，让你从“出问题了”走到“为什么”。告警方面，只对正在伤害用户且需要处理的症状呼叫值班人员——最好是基于 SLO 的燃烧率告警（错误预算消耗过快），而不是对每次 CPU 尖峰设阈值；原因类和缓慢变化的趋势变成工单或看板。每条告警都必须可处理、有负责人和处理手册（runbook），如果触发后无需处理就要调整或删除。定期审查告警噪音；告警疲劳正是真正的事故被漏掉的原因。",
    },
    keyPoints: [
      kp(
        "Golden signals: latency, traffic, errors, saturation",
        "黄金信号：延迟、流量、错误、饱和度",
        "golden signal*|latency|traffic|error*|saturation|red method|use method",
        "黄金信号|延迟|流量|错误|饱和度|RED",
      ),
      kp(
        "Metrics, logs and traces (plus business metrics)",
        "指标、日志、链路追踪（以及业务指标）",
        "metric*|log*|trac*|prometheus|grafana|observab*|business metric*",
        "指标|日志|链路|Prometheus|Grafana|可观测|业务指标",
      ),
      kp(
        "Alert on user-facing symptoms / SLO burn rate",
        "对用户可感知的症状/SLO 燃烧率告警",
        "symptom*|slo*|burn rate|error budget|user-facing|user impact",
        "症状|SLO|燃烧率|错误预算|用户影响",
      ),
      kp(
        "Actionable alerts with runbooks and owners",
        "可处理的告警，附处理手册与负责人",
        "actionable|runbook*|playbook*|owner*|page*|on-call|on call",
        "可处理|可执行|Runbook|手册|负责人|值班",
      ),
      kp("Reduce noise and alert fatigue", "减少噪音和告警疲劳", "noise|alert fatigue|fatigue|tune*|false alarm*|flapping", "噪音|告警疲劳|误报|调整|抖动"),
    ],
  }),
  q({
    id: "do-08",
    topic: "secrets",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "How should applications get their secrets — database passwords, API keys — in production?",
      reference:
        "Secrets never go into the source repository, container images or plain-text config; scanners in CI (gitleaks, trufflehog) catch accidents, and a leaked secret is rotated, not just deleted from history. They live in a secret manager — HashiCorp Vault, AWS Secrets Manager or Parameter Store, GCP Secret Manager, or Kubernetes Secrets encrypted at rest with a KMS (optionally synced by External Secrets or sealed for GitOps). Applications receive them at runtime as mounted files or environment variables, or fetch them with their own workload identity (IAM roles, service accounts, OIDC) so there is no long-lived bootstrap credential. Access follows least privilege — each service reads only its own secrets — and is audited. Secrets are rotated regularly and automatically where possible; dynamic, short-lived credentials (Vault's database engine) are better still. Applications must not log them.",
    },
    zh: {
      question: "生产环境中，应用应该如何获取机密信息——数据库密码、API 密钥？",
      reference:
        "机密信息绝不放进代码仓库、容器镜像或明文配置；CI 中的扫描工具（gitleaks、trufflehog）能发现误提交，而泄漏的密钥要轮换，不能只从历史记录中删掉。机密应存放在密钥管理服务中——HashiCorp Vault、AWS Secrets Manager 或 Parameter Store、GCP Secret Manager，或者用 KMS 静态加密的 Kubernetes Secrets（可由 External Secrets 同步，或在 GitOps 中使用 Sealed Secrets）。应用在运行时以挂载文件或环境变量的方式获取，或者用自身的工作负载身份（IAM 角色、服务账号、OIDC）去拉取，这样就不需要长期有效的初始凭证。访问遵循最小权限原则——每个服务只能读取自己的机密——并且有审计。机密要定期轮换，尽可能自动化；动态的短期凭证（Vault 的数据库引擎）更好。应用不能把它们写进日志。",
    },
    keyPoints: [
      kp(
        "Never in git, images or plain config; scan for leaks",
        "绝不放进 Git、镜像或明文配置；扫描泄漏",
        "not in git|never commit|repository|source code|plain text|plaintext|gitleaks|trufflehog|scan*|image",
        "不要提交|代码仓库|明文|硬编码|扫描|镜像",
      ),
      kp(
        "A secret manager (Vault, cloud secret stores, KMS)",
        "使用密钥管理服务（Vault、云密钥服务、KMS）",
        "vault|secrets manager|secret manager|parameter store|kms|kubernetes secret*|sealed secret*",
        "Vault|密钥管理|KMS|Secret|配置中心",
      ),
      kp(
        "Injected at runtime / workload identity",
        "运行时注入 / 工作负载身份",
        "runtime|inject*|environment variable*|env var*|mount*|iam role*|service account*|workload identity|oidc",
        "运行时|注入|环境变量|挂载|IAM|服务账号|OIDC",
      ),
      kp("Least privilege and auditing", "最小权限与审计", "least privilege|access control|audit*|rbac|permission*", "最小权限|访问控制|审计|权限"),
      kp("Rotation and short-lived credentials", "轮换与短期凭证", "rotat*|short-lived|dynamic secret*|expir*", "轮换|短期|动态|过期"),
    ],
  }),
  q({
    id: "do-09",
    topic: "slo",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "Explain SLIs, SLOs and SLAs, and what an error budget is for.",
      reference:
        "An SLI (service level indicator) is a measurement of what users experience, usually a ratio of good events to all events — the share of requests served successfully in under 300 ms. An SLO (objective) is the target for that SLI over a window: 99.9% of requests good over 28 days. An SLA (agreement) is a contract with customers, usually looser than the SLO, with consequences such as service credits if it is missed. The error budget is what the SLO allows to fail: with 99.9% that is 0.1%, about 40 minutes of full outage in 28 days. It turns reliability into a shared decision: while budget remains, the team ships features and takes risks; when it is spent, the team slows releases and invests in reliability. It also drives alerting (burn-rate alerts) and stops chasing 100%, which is neither achievable nor worth the cost.",
    },
    zh: {
      question: "解释 SLI、SLO 和 SLA，以及错误预算（error budget）的用途。",
      reference:
        "SLI（服务水平指标）是对用户体验的度量，通常是“好事件”占全部事件的比例——例如在 300 毫秒内成功处理的请求占比。SLO（服务水平目标）是该 SLI 在一个时间窗口内的目标值：28 天内 99.9% 的请求是好的。SLA（服务水平协议）是与客户签订的合同，通常比 SLO 宽松，未达到时有赔偿等后果。错误预算是 SLO 允许失败的部分：99.9% 意味着 0.1%，在 28 天内大约是 40 分钟的完全中断。它把可靠性变成共同的决策：预算还有剩余时，团队可以发布功能、承担风险；预算用完时，团队放慢发布，投入到可靠性上。它也驱动告警（燃烧率告警），并让团队不再追求 100%——那既做不到，也不值得付出代价。",
    },
    keyPoints: [
      kp("SLI: a measured ratio of good events", "SLI：度量好事件的比例", "sli|indicator|measure*|good events|ratio|success rate", "SLI|指标|度量|成功率|比例"),
      kp(
        "SLO: target for the SLI over a window",
        "SLO：在时间窗口内 SLI 的目标",
        "slo|objective|target|99.9|window|28 days|30 days",
        "SLO|目标|99.9|窗口|28 天|30 天",
      ),
      kp("SLA: contract with consequences", "SLA：带后果的合同", "sla|agreement|contract*|credit*|penalt*|customer*", "SLA|协议|合同|赔偿|客户"),
      kp("Error budget = 1 − SLO", "错误预算 = 1 − SLO", "error budget|0.1%|allowed|budget|minutes", "错误预算|预算|允许|分钟"),
      kp(
        "Budget governs release pace vs reliability work",
        "预算决定发布节奏与可靠性投入",
        "release*|feature*|freeze|slow down|velocity|reliability work|risk*|100%",
        "发布|功能|冻结|放慢|可靠性|风险|100%",
      ),
    ],
  }),
  q({
    id: "do-10",
    topic: "incident-response",
    category: "technical",
    difficulty: "hard",
    en: {
      question: "You're on call and production goes down. Walk me through how you handle the incident.",
      reference:
        "Acknowledge the page and assess impact quickly: which users and functions are affected, since when, how badly. Declare an incident at the right severity and open a channel; for anything big, split roles — an incident commander who coordinates and decides, someone on communications, people investigating — so nobody is both debugging and updating stakeholders. Mitigate before diagnosing: if a deploy or config change lines up with the start, roll it back; otherwise fail over, scale up, disable the feature flag, shed load. Use dashboards, logs and traces to narrow down, and keep a timeline of actions and findings as you go. Communicate on a regular cadence — status page, support, leadership — with what is known, what is being done and the next update time. After recovery, verify it holds, then run a blameless postmortem: timeline, root causes and contributing factors, what went well, and action items with owners that reduce the chance or impact next time.",
    },
    zh: {
      question: "你在值班，生产环境挂了。讲讲你会如何处理这次事故。",
      reference:
        "确认告警并快速评估影响：哪些用户和功能受影响、从什么时候开始、有多严重。按合适的级别宣布事故并拉起沟通群；对于大事故，要分工——由事故指挥（incident commander）协调和决策，一人负责对外沟通，其他人负责排查——避免有人一边排查一边给相关方同步。先止血再诊断：如果某次发布或配置变更与开始时间吻合，就回滚；否则切换到备用、扩容、关闭功能开关、限流降级。借助看板、日志和链路追踪缩小范围，并随时记录操作和发现的时间线。按固定节奏沟通——状态页、客服、管理层——说明已知情况、正在做什么以及下次更新时间。恢复后确认其稳定，然后做无责复盘：时间线、根因和促成因素、哪些做得好，以及有负责人的改进项，降低下次发生的概率或影响。",
    },
    keyPoints: [
      kp("Assess impact and declare severity", "评估影响并确定事故级别", "impact|severity|declare*|assess*|scope|sev", "影响|级别|评估|范围|定级"),
      kp(
        "Roles: incident commander, communications",
        "分工：事故指挥、对外沟通",
        "incident commander|commander|roles|coordinat*|war room|channel",
        "指挥|分工|协调|作战室|沟通群",
      ),
      kp(
        "Mitigate first: rollback, failover, flags, load shedding",
        "先止血：回滚、切换、开关、降级",
        "mitigat*|rollback|roll back|revert*|failover|fail over|feature flag*|shed*|restore service",
        "止血|回滚|切换|功能开关|降级|限流|恢复服务",
      ),
      kp(
        "Investigate with data; keep a timeline",
        "用数据排查；记录时间线",
        "dashboard*|log*|trac*|metric*|timeline|investigat*",
        "看板|日志|链路|指标|时间线|排查",
      ),
      kp("Regular status communication", "定期同步状态", "communicat*|status page|update*|stakeholder*|customer*", "沟通|状态页|同步|更新|相关方|客户"),
      kp(
        "Blameless postmortem with action items",
        "无责复盘并落实改进项",
        "postmortem|post-mortem|blameless|root cause*|action item*|retrospective",
        "复盘|无责|根因|改进项|事后分析",
      ),
    ],
  }),
  q({
    id: "do-11",
    topic: "high-availability",
    category: "system-design",
    difficulty: "hard",
    en: {
      question: "Design a highly available deployment of a web application across multiple availability zones.",
      reference:
        "Put a managed load balancer in front that spans at least three availability zones and health-checks the instances. The application tier is stateless — sessions in a shared store, files in object storage — and runs in an autoscaling group or Kubernetes deployment spread across the zones (topology spread constraints), with enough headroom that losing one zone doesn't overload the rest (N+1). The database runs with a synchronous standby in another zone and automatic failover (RDS Multi-AZ, Patroni), plus read replicas if needed; the application retries with backoff across a failover. Caches and queues are clustered across zones too. Backups are automated, encrypted, copied to another region and regularly restored in tests, with RPO and RTO targets agreed; region-level disasters need a separate, documented recovery plan. Everything is defined in code, and failure is tested deliberately — killing instances or a zone in a game day — to prove the design works.",
    },
    zh: {
      question: "设计一个跨多个可用区的 Web 应用高可用部署。",
      reference:
        "前面放一个跨至少三个可用区、对实例做健康检查的托管负载均衡。应用层无状态——会话放在共享存储中，文件放在对象存储中——运行在跨可用区分布的自动伸缩组或 Kubernetes Deployment 中（拓扑分布约束），并预留足够余量，使失去一个可用区时其余的不会过载（N+1）。数据库在另一个可用区有同步备库并自动故障切换（RDS Multi-AZ、Patroni），必要时加只读副本；应用在切换期间通过退避重试。缓存和队列也要跨可用区组成集群。备份自动化、加密、复制到另一个地域，并定期做恢复演练，商定 RPO 和 RTO 目标；地域级灾难需要单独的、有文档的恢复方案。所有配置都用代码定义，并主动做故障测试——在演练日杀掉实例甚至整个可用区——证明设计确实有效。",
    },
    keyPoints: [
      kp(
        "Load balancer across AZs with health checks",
        "跨可用区的负载均衡与健康检查",
        "load balancer|multiple az*|availability zone*|multi-az|health check*",
        "负载均衡|可用区|多可用区|健康检查",
      ),
      kp(
        "Stateless app tier with autoscaling and headroom",
        "无状态应用层、自动伸缩与余量",
        "stateless|autoscal*|auto scal*|headroom|n+1|spread",
        "无状态|自动伸缩|弹性|余量|冗余|分布",
      ),
      kp(
        "Database replication and automatic failover",
        "数据库复制与自动故障切换",
        "replica*|standby|failover|fail over|multi-az|primary|synchronous",
        "副本|备库|主从|故障切换|主备|同步",
      ),
      kp(
        "Backups, restore tests, RPO/RTO",
        "备份、恢复演练、RPO/RTO",
        "backup*|restor*|rpo|rto|disaster recovery|dr|another region",
        "备份|恢复|RPO|RTO|容灾|异地",
      ),
      kp(
        "Test failure deliberately (game days, chaos)",
        "主动测试故障（演练、混沌工程）",
        "game day*|chaos|fault injection|failure test*|drill*",
        "演练|混沌|故障注入|故障测试",
      ),
    ],
  }),
  q({
    id: "do-12",
    topic: "k8s-debugging",
    category: "technical",
    difficulty: "hard",
    en: {
      question: "Pods in your Kubernetes cluster keep restarting, some with OOMKilled. How do you investigate?",
      reference:
        "Start with kubectl get pods to see restart counts and status, then kubectl describe pod for the last state (OOMKilled, exit code 137, or a failed liveness probe), events and the node it ran on, and kubectl logs --previous for the output of the crashed container. OOMKilled means the container exceeded its memory limit: compare actual usage over time (metrics server, Prometheus container_memory_working_set_bytes) with requests and limits. If usage grows steadily until the kill, it's a leak — profile the application (heap dumps, pprof). If it simply needs more, raise the limit or reduce load per pod; watch for runtimes that don't respect container limits (older JVMs, Node's heap flags). Restarts without OOM are often a liveness probe that is too strict or checks dependencies, killing healthy but slow pods, or crashes on start (CrashLoopBackOff) from bad config. Also check node pressure: evictions happen when nodes run out of memory because requests are set too low.",
    },
    zh: {
      question: "Kubernetes 集群中的 Pod 不断重启，其中一些显示 OOMKilled。你会如何排查？",
      reference:
        "先用 kubectl get pods 查看重启次数和状态，再用 kubectl describe pod 查看上一次的状态（OOMKilled、退出码 137，或存活探针失败）、事件以及所在节点，用 kubectl logs --previous 查看崩溃前容器的输出。OOMKilled 表示容器超出了内存限制：对比实际使用量随时间的变化（metrics server、Prometheus 的 container_memory_working_set_bytes）与 requests 和 limits。如果内存持续上涨直到被杀，就是泄漏——对应用做分析（堆转储、pprof）。如果只是确实需要更多内存，就提高 limit 或降低单个 Pod 的负载；注意那些不遵守容器限制的运行时（旧版 JVM、Node 的堆参数）。非 OOM 的重启常常是存活探针太严格或检查了依赖项，把健康但较慢的 Pod 杀掉；或者配置错误导致启动即崩溃（CrashLoopBackOff）。还要检查节点压力：requests 设置过低时，节点内存耗尽会导致驱逐。",
    },
    keyPoints: [
      kp(
        "kubectl describe / events / logs --previous",
        "kubectl describe / 事件 / logs --previous",
        "kubectl|describe|events|logs|--previous|previous|exit code|137",
        "kubectl|describe|事件|日志|previous|退出码|137",
      ),
      kp(
        "Memory limits and requests vs actual usage",
        "内存 limits/requests 与实际使用量",
        "limit*|request*|memory usage|working set|resources",
        "limit|request|内存限制|内存使用|资源",
      ),
      kp("Memory leak: profile the application", "内存泄漏：分析应用", "leak*|heap dump*|pprof|profil*|grows", "泄漏|堆转储|pprof|分析|增长"),
      kp(
        "Liveness probe misconfiguration / CrashLoopBackOff",
        "存活探针配置不当 / CrashLoopBackOff",
        "liveness|probe*|crashloopbackoff|crash loop|config*",
        "存活探针|探针|CrashLoopBackOff|配置",
      ),
      kp("Node pressure and evictions", "节点压力与驱逐", "node pressure|evict*|node|memorypressure", "节点压力|驱逐|节点"),
    ],
  }),
  q({
    id: "do-13",
    topic: "cloud-cost",
    category: "technical",
    difficulty: "hard",
    en: {
      question: "Leadership asks you to cut cloud costs by 30% without hurting reliability. How do you approach it?",
      reference:
        "First get visibility: tag resources by team, service and environment, and use the cost explorer or a FinOps tool to see where the money goes — it is usually concentrated in a few services (compute, databases, storage, data transfer). Then the usual levers, biggest first: rightsize over-provisioned instances and Kubernetes requests using real utilisation data; autoscale so capacity follows load, and shut down non-production environments at night and weekends; commit to steady baseline usage with reserved instances or savings plans and run fault-tolerant batch work on spot instances; delete idle resources (unattached volumes, old snapshots, forgotten load balancers) and move cold data to cheaper storage tiers with lifecycle policies; reduce data transfer (cross-zone and egress traffic, CDN caching); and look at architecture, such as newer instance generations or ARM. Guard reliability by keeping SLOs and headroom as constraints and changing things gradually, and make cost visible to teams with budgets and alerts so it stays down.",
    },
    zh: {
      question: "领导要求你在不影响可靠性的前提下把云成本降低 30%。你会怎么做？",
      reference:
        "首先获得可见性：按团队、服务和环境给资源打标签，用成本分析工具或 FinOps 工具看钱花在哪里——通常集中在少数几项上（计算、数据库、存储、数据传输）。然后按收益从大到小使用常见手段：根据真实利用率数据缩小过度配置的实例和 Kubernetes 资源请求（rightsizing）；自动伸缩让容量跟随负载，非生产环境在夜间和周末关闭；对稳定的基线用量购买预留实例或节省计划，可容错的批处理任务使用竞价（spot）实例；删除闲置资源（未挂载的磁盘、旧快照、被遗忘的负载均衡），用生命周期策略把冷数据迁到更便宜的存储层；减少数据传输费用（跨可用区和出网流量、CDN 缓存）；并从架构上考虑，例如更新一代的实例或 ARM 实例。以 SLO 和资源余量作为约束、逐步变更来保护可靠性，并通过预算和告警让各团队看到成本，防止反弹。",
    },
    keyPoints: [
      kp(
        "Visibility: tagging and cost allocation",
        "可见性：打标签与成本分摊",
        "tag*|cost allocation|cost explorer|visibility|finops|breakdown",
        "标签|成本分摊|成本分析|可见|FinOps|拆分",
      ),
      kp(
        "Rightsizing and autoscaling; off-hours shutdown",
        "调整规格与自动伸缩；非工作时间关停",
        "rightsiz*|right-siz*|over-provision*|utili*|autoscal*|shut down|schedule*",
        "规格|降配|超配|利用率|自动伸缩|关停",
      ),
      kp(
        "Reserved instances / savings plans / spot",
        "预留实例/节省计划/竞价实例",
        "reserved|savings plan*|commit*|spot|preemptible",
        "预留|节省计划|包年|竞价|抢占式",
      ),
      kp(
        "Remove idle resources; storage lifecycle; data transfer",
        "删除闲置资源；存储生命周期；数据传输",
        "idle|unused|orphan*|snapshot*|lifecycle|storage tier*|cold storage|data transfer|egress",
        "闲置|未使用|快照|生命周期|冷存储|数据传输|出网",
      ),
      kp(
        "Protect reliability (SLOs) and keep costs visible",
        "保护可靠性（SLO）并持续让成本可见",
        "slo*|reliab*|headroom|gradual*|budget*|alert*",
        "SLO|可靠性|余量|逐步|预算|告警",
      ),
    ],
  }),
  q({
    id: "do-14",
    topic: "load-balancing",
    category: "technical",
    difficulty: "easy",
    en: {
      question: "What does a load balancer do, and what's the difference between layer-4 and layer-7 load balancing?",
      reference:
        "A load balancer spreads incoming traffic across several backend instances, so no single one is overloaded and the service survives an instance failing: it runs health checks and stops sending traffic to unhealthy backends. Layer 4 works at the transport level: it forwards TCP or UDP connections based on IP and port without looking inside, which is fast and protocol-agnostic. Layer 7 understands the application protocol, usually HTTP: it can route by host, path or header, terminate TLS, add headers, retry, rewrite and apply rate limits — at some extra cost. Balancing algorithms include round robin, least connections and consistent hashing (useful for caches). Sticky sessions pin a client to one backend, which is sometimes needed but undermines even distribution; keeping the app stateless avoids the need.",
    },
    zh: {
      question: "负载均衡器是做什么的？四层和七层负载均衡有什么区别？",
      reference:
        "负载均衡器把进入的流量分摊到多个后端实例上，避免单个实例过载，并让服务在某个实例故障时继续可用：它做健康检查，不再把流量发给不健康的后端。四层负载均衡工作在传输层：根据 IP 和端口转发 TCP 或 UDP 连接，不查看内容，速度快且与协议无关。七层负载均衡理解应用层协议，通常是 HTTP：可以按域名、路径或请求头路由，终止 TLS，添加请求头，重试、改写，做限流——代价是多一些开销。均衡算法包括轮询、最少连接和一致性哈希（适合缓存）。会话保持把客户端固定到某个后端，有时需要，但会破坏均匀分布；让应用保持无状态就不需要它。",
    },
    keyPoints: [
      kp(
        "Distributes traffic and removes unhealthy backends (health checks)",
        "分摊流量并剔除不健康的后端（健康检查）",
        "distribut*|spread*|health check*|unhealthy|failover|availability",
        "分发|分摊|健康检查|不健康|高可用",
      ),
      kp("Layer 4: TCP/UDP by IP and port", "四层：按 IP 和端口转发 TCP/UDP", "layer 4|l4|tcp|udp|transport|ip and port", "四层|L4|TCP|UDP|传输层|端口"),
      kp(
        "Layer 7: HTTP routing, TLS termination",
        "七层：HTTP 路由、TLS 终止",
        "layer 7|l7|http|path|host|header*|tls termination|application layer",
        "七层|L7|HTTP|路径|域名|请求头|TLS|应用层",
      ),
      kp(
        "Algorithms: round robin, least connections, hashing",
        "算法：轮询、最少连接、哈希",
        "round robin|round-robin|least connection*|consistent hash*|hash*|weighted",
        "轮询|最少连接|一致性哈希|哈希|加权",
      ),
      kp("Sticky sessions vs stateless apps", "会话保持与无状态应用", "sticky|session affinity|stateless", "会话保持|粘性会话|无状态"),
    ],
  }),
];
