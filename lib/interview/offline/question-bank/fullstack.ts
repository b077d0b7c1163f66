import { forArea, kp } from "./types";

/** Full-stack engineering: the request path end to end, auth, uploads, validation, real-time, testing, SaaS design. Written for Panelist. */
const q = forArea("fullstack");

export const FULLSTACK = [
  q({
    id: "fs-01",
    topic: "request-lifecycle",
    category: "technical",
    difficulty: "easy",
    en: {
      question: "Walk me through what happens between typing a URL into the browser and seeing the page.",
      reference:
        "The browser parses the URL and checks its caches (HSTS, HTTP cache, service worker). DNS resolves the host name to an IP address via the browser, OS and resolver caches, then recursive lookups. It opens a TCP connection (or QUIC for HTTP/3) and performs a TLS handshake, verifying the server's certificate. It sends the HTTP request; on the way there may be a CDN, load balancer and reverse proxy before an application server builds the response, often querying a database or cache. The browser parses the HTML into the DOM, discovers CSS, JavaScript and images and fetches them (in parallel over HTTP/2), builds the CSSOM, runs scripts, then lays out and paints the page. Cookies, caching headers and redirects can all change this path.",
    },
    zh: {
      question: "从在浏览器地址栏输入 URL 到看到页面，中间发生了什么？",
      reference:
        "浏览器解析 URL，检查各级缓存（HSTS、HTTP 缓存、Service Worker）。通过浏览器、操作系统和解析器的缓存以及递归查询，DNS 把域名解析成 IP 地址。然后建立 TCP 连接（HTTP/3 则是 QUIC），进行 TLS 握手并校验服务器证书。浏览器发送 HTTP 请求；途中可能经过 CDN、负载均衡和反向代理，再由应用服务器生成响应，通常会查询数据库或缓存。浏览器把 HTML 解析成 DOM，发现 CSS、JavaScript 和图片并（通过 HTTP/2 并行）获取，构建 CSSOM，执行脚本，然后布局和绘制页面。Cookie、缓存头和重定向都会改变这个过程。",
    },
    keyPoints: [
      kp("DNS resolution", "DNS 解析", "dns|resolv*|ip address|domain name", "DNS|域名解析|IP"),
      kp("TCP and TLS handshake", "TCP 与 TLS 握手", "tcp|tls|ssl|handshake|https|quic", "TCP|TLS|SSL|握手|HTTPS|三次握手"),
      kp(
        "Request through CDN/load balancer to the server and database",
        "请求经 CDN/负载均衡到服务器和数据库",
        "http request|server|load balancer|cdn|proxy|backend|database",
        "请求|服务器|负载均衡|CDN|代理|后端|数据库",
      ),
      kp("Parsing HTML/CSS/JS, layout and paint", "解析 HTML/CSS/JS、布局与绘制", "pars*|dom|cssom|render*|layout|paint", "解析|DOM|CSSOM|渲染|布局|绘制"),
      kp("Caching along the way", "途中的各级缓存", "cach*|service worker|hsts", "缓存|Service Worker|HSTS"),
    ],
  }),
  q({
    id: "fs-02",
    topic: "auth-sessions",
    category: "technical",
    difficulty: "easy",
    en: {
      question: "How do cookie sessions and JWTs differ as ways to keep a user logged in? Which would you choose?",
      reference:
        "With a server session, login creates a session record on the server (database or Redis) and the browser holds only a random session id in a cookie; each request looks the session up. Logging out or banning a user is instant: delete the record. A JWT is a signed token carrying the claims themselves, so any server can verify it without a lookup — handy across services — but it cannot be revoked before it expires unless you add a denylist, which reintroduces the lookup; so access tokens are kept short-lived with a refresh token. Wherever the token lives, the cookie should be HttpOnly, Secure and SameSite to resist XSS theft and CSRF; putting tokens in localStorage exposes them to any injected script. For a typical web app I choose server sessions in a cookie; JWTs fit service-to-service calls or third-party APIs.",
    },
    zh: {
      question: "用 Cookie 会话和用 JWT 保持用户登录有什么区别？你会选哪种？",
      reference:
        "使用服务端会话时，登录会在服务器（数据库或 Redis）上创建一条会话记录，浏览器只在 Cookie 中保存一个随机的会话 id；每次请求都查找这条会话。登出或封禁用户是即时的：删掉记录即可。JWT 是一个签名令牌，本身携带声明信息，任何服务器无需查询就能校验——适合跨服务——但在过期前无法撤销，除非加黑名单，而那又引入了查询；所以访问令牌有效期要短，配合刷新令牌使用。无论令牌放在哪里，Cookie 都应设置 HttpOnly、Secure 和 SameSite，以抵御 XSS 窃取和 CSRF；把令牌放在 localStorage 中会暴露给任何注入的脚本。对于一般的 Web 应用，我选 Cookie 中的服务端会话；JWT 适合服务间调用或第三方 API。",
    },
    keyPoints: [
      kp(
        "Server session: random id in a cookie, state on the server",
        "服务端会话：Cookie 中是随机 id，状态在服务器",
        "session id|session*|server-side|stateful|redis|lookup",
        "会话|Session|服务端|有状态|Redis",
      ),
      kp(
        "JWT: signed, self-contained, stateless verification",
        "JWT：签名、自包含、无状态校验",
        "jwt|signed|signature|self-contained|stateless|claims",
        "JWT|签名|自包含|无状态|声明",
      ),
      kp(
        "Revocation is hard with JWTs (short expiry, refresh tokens)",
        "JWT 难以撤销（短有效期、刷新令牌）",
        "revok*|revocation|logout|expir*|refresh token*|denylist|blacklist",
        "撤销|注销|过期|刷新令牌|黑名单",
      ),
      kp(
        "Cookie flags: HttpOnly, Secure, SameSite",
        "Cookie 属性：HttpOnly、Secure、SameSite",
        "httponly|secure|samesite",
        "HttpOnly|Secure|SameSite|同站|跨站",
      ),
      kp("localStorage exposes tokens to XSS", "localStorage 会让令牌暴露给 XSS", "localstorage|xss|csrf", "localStorage|XSS|CSRF|本地存储|注入的脚本|窃取"),
    ],
  }),
  q({
    id: "fs-03",
    topic: "file-uploads",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "How would you implement uploads of files up to 1 GB in a web application?",
      reference:
        "Don't stream a gigabyte through the application servers: the backend authorises the upload and returns a presigned URL so the browser uploads directly to object storage (S3, GCS, MinIO). Large files use multipart or chunked uploads so parts go in parallel and a failed part is retried instead of the whole file; a resumable protocol (S3 multipart, tus) lets the user continue after a network drop. The UI shows progress and allows cancel. Limits are enforced on the server side, not just in the browser: maximum size in the presigned policy, content type checked by sniffing the bytes rather than trusting the extension, and malware scanning where relevant. When the upload completes, a storage event or the client's completion call enqueues processing (thumbnails, parsing, virus scan) on a background queue, and the file's status moves from uploading to processing to ready.",
    },
    zh: {
      question: "在一个 Web 应用中，你会如何实现最大 1 GB 的文件上传？",
      reference:
        "不要让 1 GB 的数据流经应用服务器：后端先做授权并返回一个预签名 URL，浏览器直接上传到对象存储（S3、GCS、MinIO）。大文件使用分片（multipart）上传，分片可以并行，失败的分片单独重试而不必重传整个文件；可续传协议（S3 multipart、tus）让用户在网络中断后继续上传。界面显示进度并允许取消。限制要在服务端执行，而不仅仅在浏览器里：在预签名策略中限制最大大小；通过检查文件字节而不是相信扩展名来判断类型；必要时做病毒扫描。上传完成后，由存储事件或客户端的完成回调把后续处理（缩略图、解析、病毒扫描）放进后台队列，文件状态从“上传中”到“处理中”再到“可用”。",
    },
    keyPoints: [
      kp(
        "Direct upload to object storage via presigned URLs",
        "通过预签名 URL 直传对象存储",
        "presigned|pre-signed|signed url|object storage|s3|oss|direct*",
        "预签名|签名 URL|对象存储|S3|OSS|直传",
      ),
      kp("Chunked / multipart, resumable uploads", "分片、可续传上传", "chunk*|multipart|resum*|parts|tus", "分片|分块|断点续传|续传"),
      kp(
        "Validate size and type on the server",
        "在服务端校验大小和类型",
        "validat*|size limit|max* size|content type|mime|magic bytes|sniff*|server side|server-side",
        "校验|大小限制|文件类型|MIME|服务端",
      ),
      kp("Asynchronous processing after upload", "上传后的异步处理", "async*|queue*|background|worker*|process*", "异步|队列|后台|处理"),
      kp("Progress and cancel in the UI", "界面显示进度并可取消", "progress|cancel*", "进度|取消"),
    ],
  }),
  q({
    id: "fs-04",
    topic: "validation",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "How do you handle input validation so that the front end and back end agree on the rules?",
      reference:
        'The server is the source of truth: every request is validated there, because anyone can bypass the browser. Client-side validation exists for user experience — immediate feedback without a round trip. To keep the two from drifting, define the rules once as a schema (zod, JSON Schema, or generated from an OpenAPI spec) in a package both sides import, and derive TypeScript types from it. The API answers invalid input with a consistent error shape — an error code and field paths with messages — so the form can put each message next to the right field, including errors only the server can know ("email already registered"). Business rules that need the database stay on the server; the client just displays their errors.',
    },
    zh: {
      question: "你如何处理输入校验，让前端和后端的规则保持一致？",
      reference:
        "服务端是最终依据：每个请求都必须在服务端校验，因为任何人都可以绕过浏览器。前端校验是为了用户体验——无需往返就能立即反馈。为了避免两边规则逐渐不一致，把规则作为 schema 只定义一次（zod、JSON Schema，或从 OpenAPI 规范生成），放在前后端共同引用的包里，并从中推导 TypeScript 类型。API 对非法输入返回统一的错误格式——错误码加上带字段路径的错误信息——这样表单可以把每条信息显示在对应字段旁，包括只有服务端才知道的错误（“该邮箱已注册”）。需要查数据库的业务规则留在服务端，前端只负责展示错误。",
    },
    keyPoints: [
      kp(
        "Server-side validation is authoritative",
        "服务端校验才是权威",
        "server side|server-side|backend|source of truth|bypass*|never trust",
        "服务端|后端|绕过|不能信任|权威",
      ),
      kp(
        "Client-side validation for UX only",
        "前端校验只为用户体验",
        "client side|client-side|ux|user experience|immediate feedback|instant",
        "前端校验|用户体验|即时反馈",
      ),
      kp(
        "One shared schema (zod/JSON Schema/OpenAPI)",
        "共享同一份 schema（zod/JSON Schema/OpenAPI）",
        "shared schema|zod|json schema|openapi|yup|shared|single definition",
        "共享|schema|zod|JSON Schema|OpenAPI|同一份",
      ),
      kp(
        "Consistent error format with field paths",
        "统一的错误格式，带字段路径",
        "error format|error shape|field path*|error code*|per field|field error*|422|400",
        "错误格式|错误码|字段|422|400",
      ),
    ],
  }),
  q({
    id: "fs-05",
    topic: "notifications",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "How would you add real-time notifications to an existing web application that runs on several servers?",
      reference:
        "Choose the transport: polling is simplest but wasteful; server-sent events suit server-to-client notifications over plain HTTP and reconnect automatically; WebSockets are for two-way traffic. Because users connect to different servers, a notification created on one instance must reach the instance holding the user's connection, so publish through a pub/sub channel (Redis pub/sub or streams, or a managed service) that every instance subscribes to, fanning out to its local connections. Notifications are also stored in the database with a read flag, so a user who was offline sees them later and the unread count survives reloads; the real-time path is only a fast hint. Clients reconnect with backoff and fetch what they missed since the last id. Connections are authenticated, and load balancers need long idle timeouts and sticky sessions if WebSockets require them.",
    },
    zh: {
      question: "你会如何为一个运行在多台服务器上的现有 Web 应用加入实时通知？",
      reference:
        "先选传输方式：轮询最简单但浪费；服务器推送事件（SSE）适合服务端到客户端的通知，基于普通 HTTP 且能自动重连；WebSocket 用于双向通信。由于用户连接在不同的服务器上，一台实例上产生的通知必须送到持有该用户连接的实例，所以通过所有实例都订阅的发布/订阅通道（Redis pub/sub 或 Streams，或托管服务）发布，再分发给本地连接。通知同时存入数据库并带已读标记，这样离线用户之后也能看到，未读数刷新后也还在；实时通道只是一个快速提示。客户端断线后退避重连，并拉取上次 id 之后错过的通知。连接需要认证；负载均衡需要较长的空闲超时，如果 WebSocket 需要，还要会话保持。",
    },
    keyPoints: [
      kp(
        "Transport: polling vs SSE vs WebSocket",
        "传输方式：轮询、SSE、WebSocket",
        "polling|long poll*|sse|server-sent|websocket*",
        "轮询|长轮询|SSE|WebSocket",
      ),
      kp(
        "Pub/sub across instances",
        "跨实例的发布/订阅",
        "pub/sub|pubsub|publish*|subscrib*|redis|fan out|fan-out|broadcast",
        "发布订阅|Pub/Sub|Redis|广播|订阅",
      ),
      kp(
        "Persist notifications with read state",
        "持久化通知并记录已读状态",
        "persist*|database|store*|unread|read flag|read state",
        "持久化|数据库|存储|未读|已读",
      ),
      kp(
        "Reconnect and catch up on missed events",
        "重连并补齐错过的事件",
        "reconnect*|missed|catch up|last id|last-event-id|backoff",
        "重连|错过|补齐|最后一条|退避",
      ),
      kp("Authentication and load-balancer settings", "认证与负载均衡配置", "auth*|sticky|idle timeout|load balancer", "认证|鉴权|会话保持|负载均衡|超时"),
    ],
  }),
  q({
    id: "fs-06",
    topic: "testing-strategy",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "You're building a full-stack feature. What do you test, and at which level?",
      reference:
        "I follow the testing pyramid loosely. Unit tests cover pure logic — validation, calculations, state reducers — because they are fast and pinpoint failures. Integration tests exercise the API handlers against a real database (in a container or a disposable schema) rather than mocks, since most bugs live at the boundaries: queries, transactions, serialisation, auth checks. Component tests check UI behaviour from the user's point of view (Testing Library: find by role, click, assert text). A few end-to-end tests (Playwright) run the critical user journeys through the real stack — sign in, the main flow, payment. Where services are owned by different teams, contract tests keep the API and its clients in step. Everything runs in CI on each pull request; flaky tests are fixed or quarantined promptly, because a suite nobody trusts is worse than a smaller one.",
    },
    zh: {
      question: "你在开发一个全栈功能。你会测试什么？分别在哪一层测试？",
      reference:
        "我大致遵循测试金字塔。单元测试覆盖纯逻辑——校验、计算、状态 reducer——因为它们快，且能精确定位问题。集成测试在真实数据库（容器或一次性的 schema）上执行 API 处理逻辑，而不是用 mock，因为大多数 bug 出在边界上：查询、事务、序列化、权限检查。组件测试从用户视角检查界面行为（Testing Library：按角色查找、点击、断言文本）。少量端到端测试（Playwright）在真实环境中跑关键用户路径——登录、主流程、支付。当服务由不同团队负责时，用契约测试让 API 和调用方保持一致。所有测试在每个合并请求的 CI 中运行；不稳定的测试要及时修复或隔离，因为没人信任的测试集比一个小一点的测试集更糟。",
    },
    keyPoints: [
      kp("Unit tests for pure logic", "单元测试覆盖纯逻辑", "unit test*|unit", "单元测试|单测"),
      kp(
        "Integration tests against a real database",
        "在真实数据库上做集成测试",
        "integration test*|integration|real database|testcontainers|container",
        "集成测试|真实数据库|容器",
      ),
      kp(
        "A few end-to-end tests of critical journeys",
        "少量端到端测试覆盖关键路径",
        "end-to-end|e2e|playwright|cypress|selenium|critical path*|user journey*",
        "端到端|E2E|Playwright|Cypress|关键路径",
      ),
      kp("Testing pyramid proportions", "测试金字塔的比例", "pyramid|fast|slow|proportion*|most tests", "金字塔|比例|快|慢"),
      kp("Run in CI; handle flaky tests", "在 CI 中运行；处理不稳定的测试", "ci|continuous integration|pull request|flak*", "CI|持续集成|合并请求|不稳定|偶发"),
    ],
  }),
  q({
    id: "fs-07",
    topic: "checkout",
    category: "system-design",
    difficulty: "hard",
    en: {
      question: "Design the checkout of an online shop: cart, order creation and payment.",
      reference:
        "The cart lives client-side for guests and server-side for signed-in users. Checkout creates an order in a pending state with prices recomputed on the server (never trusted from the client) and reserves inventory with an expiry, so abandoned checkouts release stock. Payment goes through a provider (Stripe, Alipay): the server creates a payment intent with an idempotency key, the client completes it, and the provider's webhook — verified by signature, processed idempotently because it may arrive twice or out of order — moves the order to paid. The order is a state machine (pending → paid → fulfilled / cancelled / refunded) with transitions recorded. Follow-up work (confirmation email, fulfilment, analytics) is triggered by events written through an outbox. Failure cases need explicit handling: payment succeeded but our service crashed (reconcile from the provider), reservation expired before payment (refund or re-reserve), partial refunds.",
    },
    zh: {
      question: "设计一个网店的结账流程：购物车、下单和支付。",
      reference:
        "购物车对游客存在客户端，对已登录用户存在服务端。结账时创建一个“待支付”状态的订单，价格在服务端重新计算（绝不信任客户端传来的价格），并带过期时间地预占库存，放弃结账的订单会释放库存。支付通过第三方渠道（Stripe、支付宝）完成：服务端带幂等键创建支付单，客户端完成支付，渠道的回调（webhook）——校验签名，并且幂等处理，因为它可能重复或乱序到达——把订单改为“已支付”。订单是一个状态机（待支付 → 已支付 → 已发货/已取消/已退款），记录每次状态转换。后续工作（确认邮件、发货、数据统计）由通过 outbox 写出的事件触发。失败情况要显式处理：支付成功但我们的服务崩溃（与渠道对账）、预占在支付前过期（退款或重新预占）、部分退款。",
    },
    keyPoints: [
      kp(
        "Order state machine with server-side prices",
        "订单状态机，价格在服务端计算",
        "state machine|pending|status*|server-side price*|recompute*|never trust",
        "状态机|待支付|订单状态|服务端计算|不信任",
      ),
      kp("Inventory reservation with expiry", "带过期时间的库存预占", "reserv*|inventory|stock|hold|expir*", "预占|库存|锁定|过期|冻结"),
      kp(
        "Payment provider webhooks, verified and idempotent",
        "支付渠道回调：验签且幂等",
        "webhook*|callback*|signature|idempot*|payment intent|provider",
        "回调|Webhook|验签|签名|幂等|支付渠道",
      ),
      kp(
        "Consistency: outbox/events for follow-up work",
        "一致性：用 outbox/事件驱动后续工作",
        "outbox|event*|queue*|async*|eventual*",
        "Outbox|事件|消息队列|异步|最终一致",
      ),
      kp(
        "Failure handling: reconciliation, refunds, timeouts",
        "失败处理：对账、退款、超时",
        "reconcil*|refund*|timeout*|crash*|failure*|retry",
        "对账|退款|超时|失败|重试",
      ),
    ],
  }),
  q({
    id: "fs-08",
    topic: "multi-tenancy",
    category: "system-design",
    difficulty: "hard",
    en: {
      question: "You are building a multi-tenant SaaS product. How do you keep each customer's data isolated?",
      reference:
        "Three common models: a shared database and schema with a tenant_id on every row (cheapest, easiest to operate, weakest isolation), a schema per tenant, or a database per tenant (strongest isolation, per-tenant backup and restore, higher cost and harder migrations across thousands of databases). Many products mix them: shared for small customers, dedicated for large or regulated ones. In the shared model the tenant filter must be impossible to forget: derive the tenant from the authenticated session, never from a request parameter, scope every query through a repository layer, and enforce it in the database with PostgreSQL row-level security as a backstop; test that one tenant cannot read another's records. Also consider noisy neighbours (per-tenant rate limits and quotas), per-tenant encryption keys for sensitive data, tenant-aware caching keys, and migrations that roll out safely across all tenants.",
    },
    zh: {
      question: "你在构建一个多租户 SaaS 产品。你如何保证每个客户的数据相互隔离？",
      reference:
        "常见的三种模式：共享数据库和表结构，每行带 tenant_id（成本最低、运维最简单、隔离最弱）；每个租户一个 schema；每个租户一个数据库（隔离最强，可按租户备份恢复，但成本更高，在成千上万个数据库上做迁移更难）。很多产品混用：小客户共享，大客户或受监管的客户独享。在共享模式下，必须让租户过滤条件不可能被遗漏：租户身份从认证后的会话中得出，绝不取自请求参数；所有查询都通过数据访问层加上租户范围；再用 PostgreSQL 行级安全（RLS）在数据库层兜底；并测试一个租户读不到另一个租户的数据。还要考虑“吵闹的邻居”（按租户限流和配额）、敏感数据按租户加密密钥、缓存 key 带上租户、在所有租户上安全地执行迁移。",
    },
    keyPoints: [
      kp(
        "Isolation models: shared schema / schema per tenant / DB per tenant",
        "隔离模式：共享表 / 每租户 schema / 每租户数据库",
        "tenant_id|tenant id|shared schema|schema per tenant|database per tenant|separate database*|shared database",
        "tenant_id|租户 ID|共享表|独立 schema|独立数据库|共享数据库",
      ),
      kp(
        "Enforce the tenant scope in every query (from the session)",
        "每个查询都强制租户范围（从会话中获取）",
        "every query|scope*|session|repository|middleware|never from|filter*",
        "每个查询|会话|数据访问层|中间件|过滤",
      ),
      kp("Row-level security as a backstop", "行级安全作为兜底", "row-level security|row level security|rls|policy", "行级安全|RLS|策略"),
      kp(
        "Noisy neighbours: quotas and rate limits",
        "吵闹的邻居：配额与限流",
        "noisy neighbo*|quota*|rate limit*|resource limit*",
        "吵闹的邻居|配额|限流|资源隔离",
      ),
      kp(
        "Test cross-tenant access; per-tenant keys/migrations",
        "测试跨租户访问；按租户密钥/迁移",
        "test*|cross-tenant|encrypt*|key*|migrat*",
        "测试|跨租户|加密|密钥|迁移",
      ),
    ],
  }),
  q({
    id: "fs-09",
    topic: "slow-page",
    category: "technical",
    difficulty: "hard",
    en: {
      question: "Users say a page is slow. How do you work out whether the problem is in the front end, the network or the back end?",
      reference:
        "Measure before guessing. In the browser's network panel, the waterfall shows time to first byte for the document and each API call: a long TTFB or slow API responses point to the back end; long download times or many sequential requests point to payload size, the network or request chains. The performance panel shows long tasks, heavy JavaScript, layout thrashing and slow rendering on the main thread — front-end problems. Real-user monitoring tells whether it is everyone or only some regions, devices or networks, which lab tests miss. On the back end, distributed traces and slow-query logs for the same requests show where server time goes. Then fix the dominant part — an index or caching for a slow endpoint, fewer or parallel requests, code splitting or less work on the main thread — and verify the improvement with the same measurements.",
    },
    zh: {
      question: "用户反映某个页面很慢。你如何判断问题出在前端、网络还是后端？",
      reference:
        "先测量再猜测。浏览器网络面板的瀑布图显示文档和每个 API 请求的首字节时间：TTFB 长或 API 响应慢说明是后端；下载时间长或大量串行请求说明是数据量、网络或请求链的问题。性能面板显示主线程上的长任务、繁重的 JavaScript、布局抖动和缓慢的渲染——这些是前端问题。真实用户监控（RUM）能看出是所有人都慢，还是只有某些地区、设备或网络慢，实验室测试看不到这些。后端方面，同一请求的分布式链路追踪和慢查询日志能显示服务端时间花在哪里。然后修复占比最大的部分——给慢接口加索引或缓存、减少请求或并行请求、代码分割或减少主线程工作——并用同样的测量方式验证效果。",
    },
    keyPoints: [
      kp(
        "Network waterfall and TTFB",
        "网络瀑布图与首字节时间",
        "waterfall|ttfb|time to first byte|network panel|network tab|devtools",
        "瀑布图|TTFB|首字节|网络面板|DevTools",
      ),
      kp(
        "Front-end profiling: long tasks, rendering",
        "前端性能分析：长任务、渲染",
        "performance panel|profil*|long task*|main thread|render*|javascript execution",
        "性能面板|性能分析|长任务|主线程|渲染",
      ),
      kp(
        "Back-end traces and slow-query logs",
        "后端链路追踪和慢查询日志",
        "trac*|slow query|slow-query|apm|server log*|backend",
        "链路|追踪|慢查询|APM|服务端日志|后端",
      ),
      kp("Real-user monitoring vs lab tests", "真实用户监控与实验室测试", "rum|real user*|field data|lab|region*|device*", "真实用户|RUM|线上数据|地区|设备"),
      kp("Fix the dominant part and verify", "修复占比最大的部分并验证", "verify|measure again|compare|before and after|fix", "验证|对比|优化前后|修复"),
    ],
  }),
  q({
    id: "fs-10",
    topic: "api-design",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "How do you design an API that serves both a web app and a mobile app?",
      reference:
        "Mobile clients can't be force-updated — old app versions stay in use for months — so the API must evolve compatibly: add fields rather than change or remove them, version breaking changes (/v2 or a header), and keep old versions running until usage drops, watching analytics by app version. Payloads should be lean and paginated because mobile networks are slow and metered; if the clients' needs diverge, a backend-for-frontend or GraphQL lets each client fetch exactly what a screen needs in one round trip. Authentication uses tokens suitable for each: cookies for the web, short-lived access tokens plus refresh tokens for mobile. Errors follow one documented shape with machine-readable codes, and the contract is written down in OpenAPI so client code and tests can be generated from it.",
    },
    zh: {
      question: "你如何设计一个同时服务 Web 端和移动端 App 的 API？",
      reference:
        "移动端无法强制更新——旧版本 App 会被使用好几个月——所以 API 必须兼容地演进：增加字段而不是修改或删除字段；破坏性变更要做版本管理（/v2 或请求头），并保留旧版本直到使用量下降，按 App 版本观察数据。返回数据要精简并分页，因为移动网络慢且按流量计费；如果各端需求差异大，可以用 BFF（面向前端的后端）或 GraphQL，让每个端一次请求就拿到一个页面需要的数据。认证使用适合各端的方式：Web 用 Cookie，移动端用短期访问令牌加刷新令牌。错误遵循统一的、有文档的格式和机器可读的错误码，契约用 OpenAPI 写下来，可以据此生成客户端代码和测试。",
    },
    keyPoints: [
      kp(
        "Backward compatibility and versioning (old app versions)",
        "向后兼容与版本管理（旧版 App）",
        "backward* compatib*|version*|old app*|deprecat*|breaking change*",
        "向后兼容|版本|旧版本|弃用|破坏性",
      ),
      kp(
        "Lean, paginated payloads; BFF or GraphQL",
        "精简分页的数据；BFF 或 GraphQL",
        "payload*|paginat*|bff|backend for frontend|backend-for-frontend|graphql|over-fetch*",
        "数据量|分页|BFF|GraphQL|过度获取",
      ),
      kp(
        "Authentication per client (cookies vs tokens)",
        "按端选择认证方式（Cookie 与令牌）",
        "auth*|token*|cookie*|refresh token*|oauth",
        "认证|令牌|Token|Cookie|刷新令牌|OAuth",
      ),
      kp(
        "Consistent errors and an OpenAPI contract",
        "统一的错误格式与 OpenAPI 契约",
        "error code*|error format|openapi|swagger|contract|documentation|docs",
        "错误码|错误格式|OpenAPI|Swagger|契约|文档",
      ),
    ],
  }),
];
