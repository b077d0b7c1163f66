import { forArea, kp } from "./types";

/** Security engineering: injection, credentials, web attacks, TLS, access control, threat modelling, incidents, supply chain. Written for Panelist. */
const q = forArea("security");

export const SECURITY = [
  q({
    id: "se-01",
    topic: "sql-injection",
    category: "technical",
    difficulty: "easy",
    en: {
      question: "What is SQL injection, and how do you prevent it?",
      reference:
        "SQL injection happens when user input is concatenated into a SQL string, so input such as ' OR '1'='1 or '; DROP TABLE users; -- changes the query's structure; attackers can read or modify data, bypass login, and sometimes run commands. The fix is to keep data and code separate: parameterised queries (prepared statements with placeholders) or an ORM/query builder that parameterises for you, so input is always treated as a value. Where identifiers like a sort column must vary, choose them from an allow-list, never from raw input. Defence in depth: the application's database account has least privilege (no DROP, no access to other schemas), input is validated for type and format, errors don't expose SQL, and static analysis and tests (including tools like sqlmap in security testing) catch regressions. Escaping by hand is fragile and not a fix.",
    },
    zh: {
      question: "什么是 SQL 注入？如何防止？",
      reference:
        "当用户输入被拼接进 SQL 字符串时就会发生 SQL 注入，像 ' OR '1'='1 或 '; DROP TABLE users; -- 这样的输入会改变查询的结构；攻击者可以读取或篡改数据、绕过登录，有时还能执行命令。解决办法是让数据和代码分离：使用参数化查询（带占位符的预编译语句），或者使用会自动参数化的 ORM/查询构建器，这样输入永远被当作值处理。当排序字段这类标识符必须可变时，从白名单中选择，绝不直接使用原始输入。纵深防御：应用的数据库账号遵循最小权限（不能 DROP、不能访问其他 schema），对输入做类型和格式校验，错误信息不暴露 SQL，并用静态分析和测试（包括安全测试中的 sqlmap 等工具）防止回退。手工转义很脆弱，不是真正的解决办法。",
    },
    keyPoints: [
      kp(
        "Input concatenated into SQL changes the query",
        "输入拼接进 SQL 改变了查询结构",
        "concatenat*|string building|user input|untrusted|' or|1=1|drop table",
        "拼接|用户输入|不可信|1=1|DROP",
      ),
      kp(
        "Parameterised queries / prepared statements / ORM",
        "参数化查询 / 预编译语句 / ORM",
        "parameteri*|prepared statement*|placeholder*|bind variable*|orm|query builder",
        "参数化|预编译|占位符|绑定变量|ORM",
      ),
      kp(
        "Allow-lists for dynamic identifiers",
        "动态标识符使用白名单",
        "allow-list|allowlist|whitelist|identifier*|column name*|order by",
        "白名单|标识符|字段名|排序",
      ),
      kp(
        "Least-privilege DB account and validation (defence in depth)",
        "最小权限数据库账号与输入校验（纵深防御）",
        "least privilege|permission*|validat*|defen* in depth|waf|static analysis",
        "最小权限|权限|校验|纵深防御|WAF|静态分析",
      ),
    ],
  }),
  q({
    id: "se-02",
    topic: "password-storage",
    category: "technical",
    difficulty: "easy",
    en: {
      question: "How should a system store users' passwords?",
      reference:
        "Never in plain text and never with reversible encryption — if the database leaks, the passwords must not be recoverable. Store a hash made with a slow, salted password-hashing function designed for the job: Argon2id (preferred), scrypt or bcrypt, with a work factor tuned so one hash takes tens to hundreds of milliseconds. Fast hashes like MD5 or SHA-256 are wrong even with a salt because GPUs try billions per second. Each password gets its own random salt, stored with the hash, so identical passwords have different hashes and precomputed rainbow tables are useless. Optionally add a pepper kept outside the database. Upgrade old hashes transparently when users log in, compare hashes in constant time, and around storage add rate limiting and lockout against guessing, checks against known breached passwords, and multi-factor authentication.",
    },
    zh: {
      question: "系统应该如何存储用户的密码？",
      reference:
        "绝不能明文存储，也不能用可逆加密——数据库泄漏时，密码必须无法被还原。应存储用专门为密码设计的、慢速且加盐的哈希函数计算的结果：Argon2id（首选）、scrypt 或 bcrypt，并调整工作因子，使计算一次哈希需要几十到几百毫秒。MD5、SHA-256 这样的快速哈希即使加盐也不合适，因为 GPU 每秒能尝试数十亿次。每个密码使用独立的随机盐，与哈希一起保存，这样相同的密码得到不同的哈希，预先计算的彩虹表也就失效了。还可以加一个保存在数据库之外的“胡椒”（pepper）。用户登录时透明地升级旧的哈希算法，用常量时间比较哈希；在存储之外，还要用限流和锁定防止猜测，检查是否为已泄漏的常见密码，并支持多因素认证。",
    },
    keyPoints: [
      kp("Never plaintext or reversible encryption", "绝不明文或可逆加密", "plain text|plaintext|reversible|encrypt*|never store", "明文|可逆|加密|不能存"),
      kp(
        "Slow password hash: bcrypt / scrypt / Argon2",
        "慢速密码哈希：bcrypt/scrypt/Argon2",
        "bcrypt|scrypt|argon2*|pbkdf2|slow hash*|work factor|cost factor|hash*",
        "bcrypt|scrypt|Argon2|PBKDF2|慢哈希|哈希|工作因子",
      ),
      kp("Unique random salt per password", "每个密码独立的随机盐", "salt*|rainbow table*|unique", "盐|加盐|彩虹表|唯一"),
      kp(
        "Fast hashes (MD5/SHA) are unsuitable",
        "快速哈希（MD5/SHA）不合适",
        "md5|sha-1|sha1|sha-256|sha256|fast hash*|gpu*|brute force",
        "MD5|SHA|快速哈希|GPU|暴力破解",
      ),
      kp(
        "Surrounding controls: rate limiting, MFA, breached-password checks",
        "配套措施：限流、多因素认证、泄漏密码检查",
        "rate limit*|lockout|mfa|2fa|multi-factor|two-factor|breached|pepper",
        "限流|锁定|多因素|双因素|泄漏|胡椒",
      ),
    ],
  }),
  q({
    id: "se-03",
    topic: "csrf",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "Explain cross-site request forgery (CSRF) and how to defend against it.",
      reference:
        "CSRF exploits the fact that browsers attach cookies automatically: while a user is logged in to bank.example, a malicious page they visit submits a form or request to bank.example, and the browser sends the session cookie along, so the bank sees an authenticated request the user never intended — a transfer or an email change. The attacker can't read the response, but the side effect happens. Defences: anti-CSRF tokens — a random token tied to the session, included in forms or a header and checked on every state-changing request, which a cross-site page can't read; SameSite cookies (Lax by default in modern browsers, Strict for sensitive apps), which stop the cookie being sent on cross-site requests; checking the Origin or Referer header; and never changing state with GET. APIs authenticated with a bearer token in a header rather than cookies are not exposed to classic CSRF, but CORS must not be configured to allow arbitrary origins with credentials.",
    },
    zh: {
      question: "解释跨站请求伪造（CSRF）以及如何防御。",
      reference:
        "CSRF 利用了浏览器会自动携带 Cookie 这一点：用户登录着 bank.example 时，访问了一个恶意页面，该页面向 bank.example 提交表单或请求，浏览器会附带会话 Cookie，于是银行看到的是一个已认证的请求，而用户根本没有这个意图——比如转账或修改邮箱。攻击者读不到响应，但副作用已经发生了。防御方法：CSRF 令牌——与会话绑定的随机令牌，放在表单或请求头中，在每个改变状态的请求上校验，跨站页面无法读取它；SameSite Cookie（现代浏览器默认 Lax，敏感应用用 Strict），阻止跨站请求携带 Cookie；校验 Origin 或 Referer 头；以及绝不用 GET 请求改变状态。使用请求头中的 Bearer 令牌而非 Cookie 认证的 API 不受经典 CSRF 影响，但 CORS 不能配置成允许任意源携带凭证。",
    },
    keyPoints: [
      kp(
        "Browsers send cookies automatically on cross-site requests",
        "浏览器会在跨站请求中自动携带 Cookie",
        "cookie*|automatic*|cross-site|malicious site|malicious page|forged|session",
        "Cookie|自动携带|跨站|恶意网站|伪造|会话",
      ),
      kp("Anti-CSRF tokens", "CSRF 令牌", "csrf token*|anti-csrf|synchronizer token|token*|double submit", "CSRF Token|令牌|Token|双重提交"),
      kp("SameSite cookies", "使用 SameSite Cookie 属性", "samesite|same-site|lax|strict", "SameSite|Lax|Strict|同站|跨站请求"),
      kp(
        "Check Origin/Referer; no state changes on GET",
        "校验 Origin/Referer；GET 不改变状态",
        "origin|referer|referrer|get request*|state-changing|state changing|idempotent",
        "Origin|Referer|来源|GET|改变状态",
      ),
      kp(
        "Header-based bearer tokens avoid classic CSRF",
        "基于请求头的 Bearer 令牌不受经典 CSRF 影响",
        "bearer|authorization header|header|jwt|cors",
        "Bearer|Authorization|请求头|JWT|CORS",
      ),
    ],
  }),
  q({
    id: "se-04",
    topic: "tls",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "How does TLS protect traffic between a browser and a server, and what does a certificate actually prove?",
      reference:
        "TLS gives three things: confidentiality (encryption), integrity (tampering is detected) and authentication of the server. In the handshake, client and server agree on a cipher suite and perform an ephemeral key exchange (ECDHE), from which both derive symmetric session keys; because the keys are ephemeral, recorded traffic can't be decrypted later even if the server's private key leaks (forward secrecy). The server presents a certificate binding its public key to a domain name, signed by a certificate authority; the browser checks the chain up to a trusted root, the name, the validity dates and revocation, and the server proves it holds the private key by signing the handshake. So a certificate proves control of the domain (for DV certificates), not that the site is honest. Operationally: TLS 1.2+ only (1.3 preferred), automatic renewal (Let's Encrypt/ACME) because expired certificates cause outages, HSTS to stop downgrade to HTTP, and certificate transparency monitoring for mis-issued certificates.",
    },
    zh: {
      question: "TLS 如何保护浏览器与服务器之间的通信？证书到底证明了什么？",
      reference:
        "TLS 提供三样东西：机密性（加密）、完整性（能发现篡改）和服务器身份认证。握手时，客户端和服务器协商密码套件，并进行临时密钥交换（ECDHE），双方据此推导出对称的会话密钥；因为密钥是临时的，即使服务器私钥日后泄漏，被录下来的流量也无法解密（前向安全）。服务器出示证书，证书把它的公钥与域名绑定，并由证书颁发机构（CA）签名；浏览器校验证书链直到受信任的根证书、域名、有效期和吊销状态，服务器则通过对握手内容签名证明自己持有私钥。所以证书证明的是对域名的控制权（对 DV 证书而言），而不是网站是否诚实。运维上：只启用 TLS 1.2 及以上（优先 1.3）；自动续期（Let's Encrypt/ACME），因为证书过期会导致故障；用 HSTS 防止降级到 HTTP；监控证书透明度日志，发现错误签发的证书。",
    },
    keyPoints: [
      kp(
        "Handshake and key exchange to derive session keys",
        "握手与密钥交换，推导会话密钥",
        "handshake|key exchange|ecdhe|diffie-hellman|session key*|symmetric",
        "握手|密钥交换|ECDHE|DH|会话密钥|对称",
      ),
      kp(
        "Certificate chain signed by a CA proves domain control",
        "由 CA 签名的证书链证明对域名的控制",
        "certificate*|ca|certificate authorit*|chain|root|domain|public key|private key",
        "证书|CA|证书颁发机构|证书链|根证书|域名|公钥|私钥",
      ),
      kp("Confidentiality and integrity", "机密性与完整性", "encrypt*|confidential*|integrity|tamper*|man-in-the-middle|mitm", "加密|机密|完整性|篡改|中间人"),
      kp("Forward secrecy", "前向安全", "forward secrecy|perfect forward|ephemeral", "前向安全|前向保密|临时"),
      kp(
        "Operations: modern versions, renewal, HSTS",
        "运维：新版本、续期、HSTS",
        "hsts|tls 1.3|tls 1.2|renew*|expir*|let's encrypt|acme|certificate transparency",
        "HSTS|TLS 1.3|续期|过期|Let's Encrypt|证书透明",
      ),
    ],
  }),
  q({
    id: "se-05",
    topic: "access-control",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "What's the difference between authentication and authorisation, and what are the most common access-control bugs?",
      reference:
        "Authentication establishes who the caller is — password, passkey, token, certificate. Authorisation decides what that identity may do with which resource. Most real breaches of web APIs are authorisation failures, not broken cryptography. Common bugs: insecure direct object references / broken object-level authorisation — GET /invoices/1234 returns any invoice to any logged-in user because the code checks that you are logged in, not that the invoice is yours; missing function-level checks — admin endpoints hidden in the UI but callable by anyone; trusting client-supplied roles, user ids or prices; checks done only in the front end; and mass assignment, where a request sets fields like isAdmin. Defences: deny by default, check permissions on the server for every request in a central, consistent place (policies, middleware, row-level security), scope queries by the owner, follow least privilege with RBAC or attribute-based rules, answer 404 for resources the caller may not see, and write tests that try another user's resources.",
    },
    zh: {
      question: "认证（authentication）和授权（authorisation）有什么区别？最常见的访问控制漏洞有哪些？",
      reference:
        "认证确定调用者是谁——密码、通行密钥、令牌、证书。授权决定这个身份可以对哪些资源做什么。现实中 Web API 的大多数安全事件是授权失败，而不是密码学被攻破。常见漏洞：不安全的直接对象引用/对象级授权缺失（IDOR/BOLA）——GET /invoices/1234 会把任何发票返回给任何已登录用户，因为代码只检查了是否登录，而没有检查发票是否属于你；缺少功能级检查——管理接口只是在界面上隐藏了，但任何人都能调用；信任客户端传来的角色、用户 id 或价格；只在前端做检查；批量赋值，请求中设置了 isAdmin 等字段。防御方法：默认拒绝；在服务端每个请求中、在集中且一致的位置检查权限（策略、中间件、行级安全）；按所有者限定查询范围；用 RBAC 或基于属性的规则实现最小权限；对调用者无权看到的资源返回 404；编写尝试访问其他用户资源的测试。",
    },
    keyPoints: [
      kp(
        "Authentication = who you are; authorisation = what you may do",
        "认证 = 你是谁；授权 = 你能做什么",
        "authenticat*|authori*|identity|who you are|what you can do|permission*",
        "认证|授权|身份|你是谁|权限",
      ),
      kp(
        "IDOR / broken object-level authorisation",
        "IDOR / 对象级授权缺失",
        "idor|insecure direct object|bola|object-level|another user|someone else|ownership|owner",
        "IDOR|越权|水平越权|对象级|其他用户|归属|所有者",
      ),
      kp(
        "Missing function-level checks / trusting the client",
        "缺少功能级检查 / 信任客户端",
        "admin endpoint*|function-level|vertical|client-side|front end|trust* the client|mass assignment|role*",
        "垂直越权|管理接口|前端|信任客户端|批量赋值|角色",
      ),
      kp(
        "Server-side checks on every request, deny by default",
        "每个请求都在服务端检查，默认拒绝",
        "server-side|server side|every request|deny by default|centrali*|middleware|polic*",
        "服务端|每个请求|默认拒绝|集中|中间件|策略",
      ),
      kp(
        "Least privilege (RBAC/ABAC) and tests",
        "最小权限（RBAC/ABAC）与测试",
        "least privilege|rbac|abac|role-based|test*",
        "最小权限|RBAC|ABAC|基于角色|测试",
      ),
    ],
  }),
  q({
    id: "se-06",
    topic: "threat-modelling",
    category: "system-design",
    difficulty: "hard",
    en: {
      question: "How would you run a threat model for a new feature?",
      reference:
        "Do it at design time with the engineers building the feature, answering four questions: what are we building, what can go wrong, what are we going to do about it, and did we do a good job? First draw a data-flow diagram: users, services, data stores, third parties, and the trust boundaries data crosses (internet to API, service to database, our system to a vendor). List the assets worth protecting — personal data, money, credentials, availability — and who might attack them. Then walk each element and flow with a checklist such as STRIDE: spoofing, tampering, repudiation, information disclosure, denial of service, elevation of privilege. Rate each threat by likelihood and impact, choose mitigations (authentication, validation, encryption, rate limits, logging, least privilege), or consciously accept a risk with the owner's sign-off. Record the results as tickets and security test cases, and revisit the model when the design changes.",
    },
    zh: {
      question: "你会如何为一个新功能做威胁建模？",
      reference:
        "在设计阶段与开发该功能的工程师一起做，回答四个问题：我们在构建什么？可能出什么问题？我们打算怎么应对？我们做得够好吗？首先画数据流图：用户、服务、数据存储、第三方，以及数据跨越的信任边界（互联网到 API、服务到数据库、我们的系统到供应商）。列出值得保护的资产——个人数据、资金、凭证、可用性——以及可能的攻击者。然后用 STRIDE 这样的清单逐个检查每个元素和数据流：仿冒、篡改、抵赖、信息泄露、拒绝服务、权限提升。按可能性和影响为每个威胁评级，选择缓解措施（认证、校验、加密、限流、日志、最小权限），或者在负责人签字确认后有意识地接受风险。把结果记录为工单和安全测试用例，并在设计变化时重新审视模型。",
    },
    keyPoints: [
      kp(
        "Data-flow diagram and trust boundaries",
        "数据流图与信任边界",
        "data flow*|data-flow|diagram|trust boundar*|architecture",
        "数据流|流程图|信任边界|架构图",
      ),
      kp("Assets and attackers", "资产与攻击者", "asset*|attacker*|adversar*|threat actor*|sensitive data", "资产|攻击者|敌手|敏感数据"),
      kp(
        "Systematic enumeration: STRIDE",
        "系统化枚举：STRIDE",
        "stride|spoofing|tampering|repudiation|information disclosure|denial of service|elevation of privilege",
        "STRIDE|仿冒|篡改|抵赖|信息泄露|拒绝服务|权限提升|提权",
      ),
      kp(
        "Rate risks and choose mitigations (or accept)",
        "评估风险并选择缓解措施（或接受）",
        "likelihood|impact|risk*|priorit*|mitigat*|accept*",
        "可能性|影响|风险|优先级|缓解|接受",
      ),
      kp(
        "Record, track and revisit with the team",
        "记录、跟踪并与团队定期复审",
        "ticket*|track*|document*|revisit*|review*|design time|early",
        "工单|跟踪|记录|复审|评审|设计阶段|尽早",
      ),
    ],
  }),
  q({
    id: "se-07",
    topic: "security-incident",
    category: "technical",
    difficulty: "hard",
    en: {
      question: "You suspect an attacker has gained access to a production server. What do you do?",
      reference:
        "Follow the incident-response plan and bring in the security lead early; act calmly and keep notes with timestamps. Contain without destroying evidence: isolate the host from the network (security group, quarantine VLAN) rather than shutting it down, since memory and running processes are evidence; snapshot disks and capture memory and logs before changing anything. Assume credentials on that host are compromised: rotate secrets, keys and tokens it held, revoke sessions, and check for persistence elsewhere — new accounts, SSH keys, cron jobs, altered binaries — and for lateral movement using centralised logs that the attacker couldn't tamper with. Scope the impact: what data was reachable or exfiltrated, which systems and customers are affected. Involve legal and privacy early, because breach notification can have deadlines (e.g. 72 hours under GDPR). Eradicate by rebuilding from known-good images rather than cleaning in place, restore service, then run a post-incident review to fix the root cause — the unpatched service, the leaked key — and improve detection.",
    },
    zh: {
      question: "你怀疑有攻击者入侵了一台生产服务器。你会怎么做？",
      reference:
        "按照应急响应预案执行，并尽早通知安全负责人；保持冷静，记录带时间戳的笔记。在不破坏证据的前提下遏制：把主机从网络中隔离（安全组、隔离网段），而不是直接关机，因为内存和运行中的进程也是证据；在做任何改动前先给磁盘做快照，抓取内存和日志。假定这台主机上的凭证都已泄漏：轮换它持有的密钥、证书和令牌，吊销会话，并检查其他地方是否有持久化手段——新账号、SSH 公钥、计划任务、被篡改的二进制文件——以及借助攻击者无法篡改的集中式日志检查是否有横向移动。确定影响范围：哪些数据可被访问或已被窃取，哪些系统和客户受到影响。尽早让法务和隐私团队参与，因为泄露通报可能有时限（例如 GDPR 规定 72 小时）。通过从可信镜像重建而不是原地清理来清除威胁，恢复服务，然后做事后复盘，修复根因——未打补丁的服务、泄漏的密钥——并改进检测能力。",
    },
    keyPoints: [
      kp(
        "Contain: isolate the host without destroying evidence",
        "遏制：隔离主机，但不破坏证据",
        "isolat*|contain*|quarantin*|disconnect*|don't shut down|network",
        "隔离|遏制|断网|不要关机|网络",
      ),
      kp(
        "Preserve evidence: snapshots, memory, logs",
        "保全证据：快照、内存、日志",
        "evidence|forensic*|snapshot*|memory|log*|preserve*|timeline",
        "证据|取证|快照|内存|日志|保全|时间线",
      ),
      kp(
        "Rotate credentials and look for persistence / lateral movement",
        "轮换凭证，排查持久化/横向移动",
        "rotat*|credential*|key*|revok*|persistence|lateral|backdoor*|ssh key*",
        "轮换|凭证|密钥|吊销|持久化|横向|后门",
      ),
      kp(
        "Scope impact; involve legal; notify as required",
        "确定影响范围；法务参与；按规定通报",
        "scope|impact|exfiltrat*|data|legal|notif*|gdpr|customer*|regulator*",
        "影响范围|数据|窃取|法务|通报|通知|GDPR|监管",
      ),
      kp(
        "Rebuild clean, fix root cause, post-incident review",
        "从干净镜像重建、修复根因、事后复盘",
        "rebuild*|reimage|known-good|root cause|postmortem|post-mortem|patch*|lessons",
        "重建|根因|复盘|补丁|教训",
      ),
    ],
  }),
  q({
    id: "se-08",
    topic: "supply-chain",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "How do you protect a software project against supply-chain attacks through its dependencies and build pipeline?",
      reference:
        "Know what you ship: a lockfile pins exact versions and integrity hashes, and a software bill of materials (SBOM) lists every component. Scan dependencies continuously (software composition analysis: Dependabot, Renovate, Snyk, OSV) and patch known vulnerabilities quickly, prioritising those reachable in your code. Be careful adding packages: check maintenance and popularity, watch for typosquatting, prefer fewer dependencies, and consider a private registry or proxy. Lock down the build: CI runs with least-privilege, short-lived credentials (OIDC instead of stored keys), third-party CI actions are pinned to a commit hash, install scripts are restricted where possible, and protected branches require review. Make artifacts verifiable — reproducible builds, signing images and packages (Sigstore/cosign) and recording provenance (SLSA) — and verify signatures at deploy time so only what CI built can run.",
    },
    zh: {
      question: "你如何保护一个软件项目免受通过依赖和构建流水线发起的供应链攻击？",
      reference:
        "清楚自己交付了什么：锁文件固定确切的版本和完整性哈希，软件物料清单（SBOM）列出每一个组件。持续扫描依赖（软件成分分析：Dependabot、Renovate、Snyk、OSV），迅速修补已知漏洞，优先处理代码中实际可达的漏洞。谨慎引入新包：检查维护情况和流行度，警惕仿冒包名（typosquatting），尽量减少依赖，考虑使用私有仓库或代理。加固构建过程：CI 以最小权限、短期凭证运行（用 OIDC 代替存储的密钥）；第三方 CI action 固定到提交哈希；尽可能限制安装脚本；受保护的分支必须经过评审。让制品可验证——可复现构建、对镜像和包签名（Sigstore/cosign）并记录来源证明（SLSA）——在部署时校验签名，确保只有 CI 构建的产物才能运行。",
    },
    keyPoints: [
      kp(
        "Lockfiles and an SBOM",
        "锁文件与软件物料清单（SBOM）",
        "lockfile*|lock file*|pin*|sbom|bill of materials|integrity hash*",
        "锁文件|固定版本|SBOM|物料清单|完整性",
      ),
      kp(
        "Dependency scanning and prompt patching",
        "依赖扫描与及时修补",
        "scan*|sca|dependabot|renovate|snyk|osv|cve*|vulnerab*|patch*|update*",
        "扫描|Dependabot|漏洞|CVE|补丁|升级",
      ),
      kp(
        "Vet new packages (typosquatting, maintenance)",
        "审查新依赖（仿冒包名、维护情况）",
        "typosquat*|maintain*|vet*|review* dependenc*|private registry|fewer dependencies",
        "仿冒|维护|审查|私有仓库|减少依赖",
      ),
      kp(
        "Least-privilege CI with short-lived credentials",
        "CI 最小权限与短期凭证",
        "ci|least privilege|oidc|short-lived|secret*|pinned|commit hash|branch protection",
        "CI|最小权限|OIDC|短期|密钥|分支保护",
      ),
      kp(
        "Signed artifacts and provenance (Sigstore, SLSA)",
        "制品签名与来源证明（Sigstore、SLSA）",
        "sign*|sigstore|cosign|provenance|slsa|reproducible",
        "签名|Sigstore|来源证明|SLSA|可复现",
      ),
    ],
  }),
];
