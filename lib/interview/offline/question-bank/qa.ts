import { forArea, kp } from "./types";

/** QA / test engineering: test design, levels, automation, APIs, risk, performance. Written for Panelist. */
const q = forArea("qa");

export const QA = [
  q({
    id: "qa-01",
    topic: "test-design",
    category: "technical",
    difficulty: "easy",
    en: {
      question: "How would you design test cases for a login form?",
      reference:
        'Functional cases first: valid credentials log in and land on the right page; wrong password, unknown user and empty fields each show a clear error that doesn\'t reveal which of the two was wrong. Then input techniques — equivalence classes and boundary values for length limits, special characters, Unicode, leading and trailing spaces, case sensitivity of the email. Security: passwords are masked and sent only over HTTPS, SQL injection and script strings in the fields are handled safely, repeated failures trigger lockout or rate limiting, the session cookie is HttpOnly and Secure, and logout really invalidates the session. Also "remember me", password reset, and multi-factor flows if present. Usability and accessibility: labels, tab order, Enter submits, screen-reader announcements of errors, password managers work. Finally compatibility across browsers and mobile, and behaviour on slow or failed networks.',
    },
    zh: {
      question: "你会如何为一个登录表单设计测试用例？",
      reference:
        "先是功能用例：正确的账号密码能登录并跳转到正确的页面；密码错误、用户不存在、字段为空时分别给出清晰的错误提示，且不暴露到底是哪一项错了。然后用输入设计方法——等价类和边界值，覆盖长度限制、特殊字符、Unicode、首尾空格、邮箱大小写。安全方面：密码掩码显示、只通过 HTTPS 传输；字段中的 SQL 注入和脚本字符串被安全处理；多次失败后触发锁定或限流；会话 Cookie 设置 HttpOnly 和 Secure；退出登录后会话真正失效。如果有“记住我”、找回密码、多因素认证，也要覆盖。易用性和无障碍：标签、Tab 顺序、回车提交、读屏软件能读出错误、密码管理器可用。最后是各浏览器和移动端的兼容性，以及网络慢或断开时的表现。",
    },
    keyPoints: [
      kp(
        "Positive and negative functional cases",
        "正向与反向功能用例",
        "valid|invalid|wrong password|empty|positive|negative|error message*",
        "正确|错误|密码错误|为空|正向|反向|异常|错误提示",
      ),
      kp("Equivalence classes and boundary values", "等价类与边界值", "boundary|equivalence|length|special character*|limit*", "边界值|等价类|长度|特殊字符"),
      kp(
        "Security: injection, brute-force lockout, HTTPS, session",
        "安全：注入、暴力破解锁定、HTTPS、会话",
        "sql injection|injection|xss|brute force|lockout|lock out|rate limit*|https|session|captcha",
        "SQL 注入|注入|XSS|暴力破解|锁定|限流|HTTPS|会话|验证码",
      ),
      kp("Usability and accessibility", "易用性与无障碍", "usability|accessib*|tab order|keyboard|screen reader*|enter key", "易用|无障碍|Tab|键盘|读屏|回车"),
      kp("Cross-browser / device compatibility", "跨浏览器/设备兼容性", "browser*|cross-browser|mobile|device*|compatib*", "浏览器|兼容|移动端|设备"),
    ],
  }),
  q({
    id: "qa-02",
    topic: "test-levels",
    category: "technical",
    difficulty: "easy",
    en: {
      question: "What's the difference between unit, integration and end-to-end tests, and how many of each should a project have?",
      reference:
        'Unit tests check a small piece of logic — a function or class — in isolation, with collaborators replaced by fakes; they run in milliseconds and pinpoint failures, but can\'t show that the pieces work together. Integration tests check several parts together — code with a real database, two services through their API — and catch wiring, query and serialisation bugs; they are slower and need environments. End-to-end tests drive the whole system as a user would, through the UI or public API; they give the most confidence per test but are slow, costly to maintain and the most prone to flakiness. The testing pyramid suggests many unit tests, fewer integration tests and a small number of end-to-end tests covering critical journeys; many teams today weight integration tests more heavily (the "testing trophy"), but the principle is the same: put each check at the cheapest level that can catch the bug.',
    },
    zh: {
      question: "单元测试、集成测试和端到端测试有什么区别？一个项目中各应该有多少？",
      reference:
        "单元测试在隔离的环境中检查一小段逻辑——一个函数或类——协作对象用假实现替代；它们几毫秒就能跑完，能精确定位问题，但不能证明各部分能协同工作。集成测试把几个部分放在一起检查——代码连接真实数据库、两个服务通过 API 交互——能发现连接、查询和序列化方面的 bug；它们更慢，也需要环境。端到端测试像用户一样通过界面或公开 API 驱动整个系统；每个测试给出的信心最大，但慢、维护成本高，也最容易不稳定。测试金字塔建议大量单元测试、较少的集成测试、少量覆盖关键路径的端到端测试；如今很多团队更看重集成测试（“测试奖杯”），但原则相同：把每项检查放在能发现该 bug 的最便宜的层级。",
    },
    keyPoints: [
      kp("Unit: isolated small pieces, fast", "单元测试：隔离的小单元，速度快", "unit|isolat*|single function|mock*|fake*|fast", "单元|隔离|函数|Mock|快"),
      kp(
        "Integration: components together (real DB, APIs)",
        "集成测试：组件协同（真实数据库、API）",
        "integration|together|real database|interaction*|interface*",
        "集成|协同|真实数据库|接口|交互",
      ),
      kp(
        "End-to-end: whole system like a user",
        "端到端：像用户一样测整个系统",
        "end-to-end|e2e|whole system|user journey*|ui|full stack",
        "端到端|E2E|整个系统|用户路径|界面",
      ),
      kp(
        "Trade-offs: speed, cost, flakiness, confidence",
        "权衡：速度、成本、稳定性、信心",
        "slow|cost*|flak*|maintenance|confidence|expensive",
        "慢|成本|不稳定|维护|信心|昂贵",
      ),
      kp("Test pyramid proportions", "测试金字塔的比例", "pyramid|trophy|proportion*|more unit|fewer", "金字塔|奖杯|比例|较多|较少"),
    ],
  }),
  q({
    id: "qa-03",
    topic: "flaky-tests",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "Your automated test suite has become flaky — tests fail randomly and people just re-run them. What do you do?",
      reference:
        "Treat flakiness as a real defect, because a suite people re-run by habit stops catching real failures. First measure: track failures per test across runs (CI analytics, rerun detection) to find the worst offenders. Then find root causes, which are usually: timing — fixed sleeps and missing waits for asynchronous UI or jobs, fixed by waiting for explicit conditions; shared state — tests depending on execution order, leftover data or shared accounts, fixed by isolated test data created and cleaned per test; external dependencies — real third-party services or the network, replaced by stubs or contract tests; concurrency and time-of-day bugs; and resource-starved CI machines. Sometimes the flakiness is a real race condition in the product, which is worth finding. Quarantine a flaky test with an owner and a deadline rather than deleting it or letting it block everyone, and set a rule that new flaky tests are fixed before more are added.",
    },
    zh: {
      question: "你们的自动化测试变得不稳定——随机失败，大家就直接重跑。你会怎么做？",
      reference:
        "把不稳定当作真正的缺陷来对待，因为大家习惯性重跑的测试集已经无法发现真正的失败。先度量：统计每个测试在多次运行中的失败情况（CI 分析、重跑检测），找出最严重的那些。然后找根因，常见的有：时序——固定的 sleep、没有等待异步界面或任务完成，改为等待明确的条件；共享状态——测试依赖执行顺序、残留数据或共享账号，改为每个测试创建并清理独立的测试数据；外部依赖——真实的第三方服务或网络，用桩或契约测试替代；并发和与时间相关的 bug；以及资源不足的 CI 机器。有时不稳定恰恰是产品中真实存在的竞态问题，值得找出来。把不稳定的测试隔离起来并指定负责人和期限，而不是删掉它或让它阻塞所有人；并定下规则：先修复新出现的不稳定测试，再添加更多测试。",
    },
    keyPoints: [
      kp(
        "Measure and track flaky tests",
        "度量并跟踪不稳定的测试",
        "track*|measur*|failure rate|rerun*|re-run*|statistic*|dashboard",
        "统计|跟踪|度量|失败率|重跑",
      ),
      kp(
        "Timing: explicit waits instead of sleeps",
        "时序：用显式等待代替 sleep",
        "timing|sleep*|wait*|async*|timeout*|race*",
        "时序|sleep|等待|异步|超时|竞态",
      ),
      kp(
        "Isolation: test data and order independence",
        "隔离：测试数据与执行顺序独立",
        "isolat*|shared state|test data|order*|independent|clean* up|cleanup",
        "隔离|共享状态|测试数据|顺序|独立|清理",
      ),
      kp("External dependencies: stubs/mocks", "外部依赖：桩/Mock", "external|third-party|network|stub*|mock*|contract", "外部依赖|第三方|网络|桩|Mock|契约"),
      kp(
        "Quarantine with an owner, don't ignore",
        "隔离并指定负责人，不要忽视",
        "quarantin*|owner*|skip*|don't ignore|disable*|fix*",
        "隔离|负责人|跳过|不要忽视|修复",
      ),
    ],
  }),
  q({
    id: "qa-04",
    topic: "api-testing",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "How would you test a REST API?",
      reference:
        "Start from the contract — the OpenAPI spec or documentation — and check each endpoint's happy path: correct status codes, response bodies that match the schema, headers, and that the data really changed in the system (a GET after a POST). Then the negative cases: missing and invalid fields, wrong types, boundary values, oversized payloads, unknown ids — each returns the right 4xx with a useful error and no stack trace. Authentication and authorisation: no token → 401, another user's resource → 403 or 404, expired tokens, role checks (broken object-level authorisation is the top API vulnerability). Behaviour: idempotency of PUT/DELETE and retries, pagination, sorting and filtering, concurrency on the same resource, rate limits. Contract tests keep clients and providers in step, and performance tests check latency under load. These run automated in CI (Postman/Newman, REST Assured, pytest, Playwright's request API) against a seeded environment.",
    },
    zh: {
      question: "你会如何测试一个 REST API？",
      reference:
        "从契约——OpenAPI 规范或接口文档——出发，检查每个接口的正常路径：状态码正确、响应体符合 schema、响应头正确，以及系统中的数据确实发生了变化（POST 之后再 GET 验证）。然后是异常用例：缺少字段和非法字段、类型错误、边界值、超大请求体、不存在的 id——每种情况都返回正确的 4xx、有用的错误信息且不暴露堆栈。认证和授权：没有令牌返回 401；访问别人的资源返回 403 或 404；过期令牌；角色校验（对象级授权缺失是排名第一的 API 漏洞）。行为方面：PUT/DELETE 和重试的幂等性，分页、排序和筛选，对同一资源的并发操作，限流。契约测试让调用方和提供方保持一致，性能测试检查负载下的延迟。这些测试在 CI 中针对预置数据的环境自动运行（Postman/Newman、REST Assured、pytest、Playwright 的 request API）。",
    },
    keyPoints: [
      kp(
        "Status codes and response schema on the happy path",
        "正常路径的状态码与响应结构",
        "status code*|200|201|schema|response body|json|contract",
        "状态码|200|201|schema|响应体|返回结构|契约",
      ),
      kp(
        "Negative cases: invalid input, boundaries, 4xx",
        "异常用例：非法输入、边界、4xx",
        "negative|invalid|missing field*|boundar*|400|422|4xx|error*",
        "异常|非法|缺少|边界|400|4xx|错误",
      ),
      kp(
        "Authentication and authorisation checks",
        "认证与授权检查",
        "auth*|401|403|token*|permission*|role*|idor|another user",
        "认证|鉴权|授权|401|403|令牌|权限|越权",
      ),
      kp("Idempotency, pagination, concurrency", "幂等、分页、并发", "idempot*|paginat*|concurren*|state|data changed|retr*", "幂等|分页|并发|状态|重试"),
      kp(
        "Automation in CI; contract and performance tests",
        "在 CI 中自动化；契约与性能测试",
        "automat*|ci|postman|newman|rest assured|pytest|performance|load|contract test*",
        "自动化|CI|Postman|性能|压测|契约测试",
      ),
    ],
  }),
  q({
    id: "qa-05",
    topic: "risk-based-testing",
    category: "role-specific",
    difficulty: "medium",
    en: {
      question: "A release is due tomorrow and there isn't time to test everything. How do you decide what to test?",
      reference:
        "Risk-based testing: rank areas by impact if they fail times the likelihood that they fail. Likelihood is highest where the code changed — read the release's diff and tickets — and in areas with a history of bugs or complex integrations; impact is highest for money, data, security and the core journeys most users take (sign-up, checkout, the main workflow). So I'd test, in order: the new and changed features, the critical paths end to end, and regression around the changed code, leaning on the automated suite for broad coverage and spending manual effort on exploratory testing of the riskiest parts. I'd be explicit about what is not tested and the remaining risk, and share that with the product owner and engineering lead so releasing — or delaying, or releasing behind a flag with monitoring ready — is an informed decision rather than my silent gamble.",
    },
    zh: {
      question: "版本明天就要发布，但没有时间把所有内容都测一遍。你如何决定测什么？",
      reference:
        "基于风险的测试：按“出问题时的影响 × 出问题的可能性”对各部分排序。可能性最高的是代码改动过的地方——阅读本次发布的代码变更和需求单——以及历史上 bug 多或集成复杂的部分；影响最大的是涉及资金、数据、安全的部分，以及大多数用户都会走的核心路径（注册、下单、主流程）。所以我会按顺序测：新增和改动的功能、端到端的关键路径、改动代码周边的回归，用自动化测试覆盖面，把手工精力花在对最高风险部分的探索性测试上。我会明确说明哪些没有测、剩余风险是什么，并同步给产品负责人和研发负责人，让发布——或推迟，或在功能开关后发布并准备好监控——成为一个知情的决定，而不是我一个人默默地赌。",
    },
    keyPoints: [
      kp("Risk = impact × likelihood", "风险 = 影响 × 可能性", "risk*|impact|likelihood|probability|priorit*", "风险|影响|可能性|概率|优先级"),
      kp(
        "Focus on changed areas and regression around them",
        "聚焦改动部分及其周边回归",
        "changed|change*|diff|new feature*|regression",
        "改动|变更|新功能|回归",
      ),
      kp("Critical user paths first", "优先核心用户路径", "critical path*|core|main flow*|checkout|payment|happy path|smoke", "关键路径|核心|主流程|支付|冒烟"),
      kp("Automation for breadth, exploratory for risky parts", "自动化覆盖面，探索性测试高风险部分", "automat*|exploratory|manual", "自动化|探索性|手工"),
      kp(
        "Communicate residual risk to decide together",
        "沟通剩余风险，共同决策",
        "communicat*|residual risk|not tested|stakeholder*|product owner|inform*|decision",
        "沟通|剩余风险|未测|相关方|产品|决策",
      ),
    ],
  }),
  q({
    id: "qa-06",
    topic: "performance-testing",
    category: "technical",
    difficulty: "hard",
    en: {
      question: "How would you plan a performance test for a new service before it goes live?",
      reference:
        "Start with goals: expected and peak traffic, and the targets — for example p95 latency under 300 ms and error rate under 0.1% at 2,000 requests per second — agreed with product and engineering, ideally as SLOs. Build a realistic workload model from production analytics or estimates: the mix of endpoints, think time, data sizes, and how many distinct users and records, since caches make a test with one user meaningless. Choose a tool (k6, JMeter, Gatling, Locust) and run different test types: a load test at expected peak, a stress test beyond it to find the breaking point and how it fails, a soak test over hours to reveal leaks and slow degradation, and spike tests for sudden bursts. Use a production-like environment and data volume, and make sure the load generator itself isn't the bottleneck. Monitor the system during the test — CPU, memory, database, connection pools, queues, traces — so that when targets are missed you can find the bottleneck, fix it and rerun. Then keep a smaller performance test in CI to catch regressions.",
    },
    zh: {
      question: "在新服务上线前，你会如何规划性能测试？",
      reference:
        "从目标开始：预期流量和峰值流量，以及与产品和研发商定的指标——例如在每秒 2000 个请求时 p95 延迟低于 300 毫秒、错误率低于 0.1%——最好以 SLO 的形式。根据线上数据或估算建立真实的负载模型：各接口的比例、思考时间、数据大小，以及不同用户和记录的数量，因为有缓存时只用一个用户的测试毫无意义。选择工具（k6、JMeter、Gatling、Locust）并运行不同类型的测试：在预期峰值做负载测试；超过峰值做压力测试，找出崩溃点以及崩溃方式；持续数小时的稳定性（浸泡）测试，发现内存泄漏和缓慢退化；以及针对突发流量的尖峰测试。使用接近生产的环境和数据量，并确保压测机本身不是瓶颈。测试期间监控系统——CPU、内存、数据库、连接池、队列、链路追踪——这样未达标时能找到瓶颈、修复后重跑。之后在 CI 中保留一个较小的性能测试来发现性能回退。",
    },
    keyPoints: [
      kp(
        "Goals and targets (throughput, percentiles, SLOs)",
        "目标与指标（吞吐量、分位数、SLO）",
        "goal*|target*|slo*|p95|p99|throughput|rps|qps|tps|requests per second",
        "目标|指标|SLO|p95|p99|吞吐|QPS|TPS",
      ),
      kp(
        "Realistic workload model and data",
        "真实的负载模型与数据",
        "workload model|realistic|traffic mix|user behavio*|think time|test data|production-like|data volume",
        "负载模型|真实|流量模型|用户行为|测试数据|生产环境|数据量",
      ),
      kp("Tools: k6, JMeter, Gatling, Locust", "工具：k6、JMeter、Gatling、Locust", "k6|jmeter|gatling|locust|wrk|tool*", "k6|JMeter|Gatling|Locust|工具"),
      kp(
        "Test types: load, stress, soak, spike",
        "测试类型：负载、压力、浸泡、尖峰",
        "load test*|stress|soak|endurance|spike|breaking point",
        "负载测试|压力测试|稳定性|浸泡|尖峰|极限",
      ),
      kp(
        "Monitor to find bottlenecks, then fix and rerun",
        "监控找出瓶颈，修复后重跑",
        "monitor*|bottleneck*|cpu|memory|database|profil*|rerun|re-run",
        "监控|瓶颈|CPU|内存|数据库|分析|重跑",
      ),
    ],
  }),
  q({
    id: "qa-07",
    topic: "automation-strategy",
    category: "system-design",
    difficulty: "hard",
    en: {
      question: "Design a test automation strategy for a product that has a web app, mobile apps and a public API.",
      reference:
        "Put most of the automated checks where they are cheapest and most stable: unit tests owned by developers in each codebase, and a broad API test suite, since web and mobile share the backend and most business rules can be verified there once. Contract tests keep the web and mobile clients and the API in agreement. On top, a thin layer of UI end-to-end tests per platform for the critical journeys — Playwright for web, Espresso/XCUITest or Appium for mobile — built with page objects or screen objects so UI changes touch one place. Test data is created through the API per test and cleaned up, rather than shared fixtures. Everything runs in CI: fast suites on each pull request, the full UI suites in parallel on a device farm or emulators nightly and before release. Reporting shows trends, flaky tests and coverage of critical flows, and the team owns quality together — QA engineers build the framework and coach, developers write tests with features.",
    },
    zh: {
      question: "为一个同时有 Web 端、移动 App 和公开 API 的产品设计测试自动化策略。",
      reference:
        "把大多数自动化检查放在成本最低、最稳定的地方：各代码库中由开发负责的单元测试，以及覆盖面广的 API 测试集——因为 Web 和移动端共享后端，大部分业务规则可以在这里一次性验证。契约测试让 Web、移动客户端与 API 保持一致。在此之上，每个平台有一层薄薄的 UI 端到端测试覆盖关键路径——Web 用 Playwright，移动端用 Espresso/XCUITest 或 Appium——用页面对象或屏幕对象模式编写，使 UI 改动只需修改一处。测试数据通过 API 为每个测试单独创建并清理，而不是使用共享的固定数据。全部在 CI 中运行：每个合并请求跑快速测试集，完整的 UI 测试集在设备云或模拟器上并行运行，每晚和发布前执行。报告展示趋势、不稳定的测试和关键流程的覆盖情况，质量由团队共同负责——QA 工程师搭建框架并提供指导，开发在开发功能时编写测试。",
    },
    keyPoints: [
      kp(
        "Pyramid: most checks at unit and API level",
        "金字塔：大部分检查在单元和 API 层",
        "pyramid|api test*|api level|unit test*|backend|most tests",
        "金字塔|接口测试|API 测试|单元测试|后端",
      ),
      kp(
        "Thin UI E2E layer per platform with page objects",
        "每个平台薄的 UI 端到端层，使用页面对象",
        "page object*|screen object*|playwright|selenium|cypress|appium|espresso|xcuitest|e2e|end-to-end",
        "页面对象|Page Object|Playwright|Selenium|Appium|端到端|UI 自动化",
      ),
      kp("Contract tests between clients and API", "客户端与 API 之间的契约测试", "contract test*|contract|pact|openapi|schema", "契约|Pact|OpenAPI|schema"),
      kp("Test data management", "测试数据管理", "test data|fixture*|seed*|clean* up|cleanup|isolat*", "测试数据|数据准备|清理|隔离"),
      kp(
        "CI integration, parallel runs, reporting",
        "集成 CI、并行执行、报告",
        "ci|pipeline|parallel*|device farm|nightly|report*|dashboard*|flaky",
        "CI|流水线|并行|设备云|每晚|报告|看板",
      ),
    ],
  }),
  q({
    id: "qa-08",
    topic: "cannot-reproduce",
    category: "behavioural",
    difficulty: "medium",
    en: {
      question: 'A developer closes a bug you reported as "cannot reproduce". What do you do?',
      reference:
        "I'd assume the report wasn't good enough yet rather than argue. First I reproduce it again myself and tighten the report: exact steps from a known starting state, test data and account, build or app version, environment, browser or device, expected versus actual result, frequency (every time or one in ten), plus evidence — screenshots or video, console and network logs, server logs or a request id, timestamps. Then I look for what differs between my setup and the developer's: data (a particular record or user state), configuration or feature flags, environment, timing or concurrency, caches, locale and time zone. If it is still unclear, we reproduce it together — pairing for ten minutes often solves what comments can't. If it is intermittent, we add logging or monitoring to catch it. The severity decides how much effort it deserves, and I keep the discussion about the product and the evidence, not about who is right.",
    },
    zh: {
      question: "你提交的一个 bug 被开发以“无法复现”关闭了。你会怎么做？",
      reference:
        "我会先假设是自己的报告还不够好，而不是去争论。首先我自己再复现一次，把报告补充完整：从已知初始状态开始的准确步骤、测试数据和账号、构建或 App 版本、环境、浏览器或设备、预期结果与实际结果、出现频率（每次都出现还是十次一次），以及证据——截图或录屏、控制台和网络日志、服务端日志或请求 id、时间点。然后找出我的环境与开发的环境有什么不同：数据（某条特定记录或用户状态）、配置或功能开关、环境、时序或并发、缓存、语言和时区。如果还是不清楚，就一起复现——结对十分钟往往能解决评论里说不清的问题。如果是偶发问题，就增加日志或监控来捕获它。投入多少精力取决于严重程度，而且讨论始终围绕产品和证据，而不是谁对谁错。",
    },
    keyPoints: [
      kp(
        "Improve the report: exact steps, version, environment",
        "完善报告：准确步骤、版本、环境",
        "steps|version|environment|build|device|browser|expected|actual",
        "步骤|版本|环境|构建|设备|浏览器|预期|实际",
      ),
      kp(
        "Evidence: logs, screenshots, video, request ids",
        "证据：日志、截图、录屏、请求 ID",
        "log*|screenshot*|video|recording|evidence|request id|har",
        "日志|截图|录屏|视频|证据|请求 ID",
      ),
      kp(
        "Find differences: data, config, timing",
        "找出差异：数据、配置、时序",
        "differen*|data|config*|feature flag*|timing|concurren*|cache",
        "差异|数据|配置|开关|时序|并发|缓存",
      ),
      kp("Reproduce together / collaborate", "一起复现 / 协作", "together|pair*|sit with|call|collaborat*|talk to", "一起|结对|沟通|协作|当面"),
      kp("Severity and no blame", "考虑严重程度，不互相指责", "severity|priority|impact|not about who|blame|respect*", "严重程度|优先级|影响|不指责|尊重"),
    ],
  }),
];
