import { forArea, kp } from "./types";

/** Product management: prioritisation, specs, metrics, discovery, stakeholders, product cases. Written for Panelist. */
const q = forArea("product");

export const PRODUCT = [
  q({
    id: "pm-01",
    topic: "prioritisation",
    category: "role-specific",
    difficulty: "easy",
    en: {
      question: "You have far more feature requests than the team can build. How do you decide what to build next?",
      reference:
        'I start from the goals: the product strategy and this quarter\'s objectives decide what "valuable" means, so requests are judged by how much they move those outcomes, not by who asks loudest. For each candidate I gather evidence — how many users have the problem (usage data, support tickets, research), how painful it is, what it is worth in revenue or retention — and a rough effort estimate from engineering. A simple framework such as RICE (reach × impact × confidence ÷ effort) or value versus effort makes the comparison explicit and discussable, though I treat the scores as input, not an answer; strategic bets, dependencies and technical debt also need a share of capacity. Then I communicate the decision and the reasoning, including what we are not doing and why, so stakeholders know where their request stands.',
    },
    zh: {
      question: "需求远远多于团队能开发的量。你如何决定下一步做什么？",
      reference:
        "我从目标出发：产品战略和本季度的目标决定了什么是“有价值”，所以评估需求看的是它对这些结果的推动有多大，而不是谁的声音最大。对每个候选需求，我收集证据——有多少用户遇到这个问题（使用数据、客服工单、用户研究）、痛点有多强、在收入或留存上值多少——再请研发给出粗略的工作量估算。RICE（覆盖面 × 影响 × 信心 ÷ 工作量）或价值-成本矩阵这样的简单框架让比较变得明确、可讨论，但我把分数当作参考而不是答案；战略性投入、依赖关系和技术债也需要占用一部分资源。最后我会把决定和理由沟通出去，包括不做什么以及为什么，让相关方知道自己的需求处于什么位置。",
    },
    keyPoints: [
      kp("Anchor on goals / strategy (outcomes)", "以目标/战略（结果）为锚", "goal*|strategy|objective*|okr*|outcome*|vision", "目标|战略|OKR|结果|愿景"),
      kp(
        "Evidence: user data, research, business value",
        "证据：用户数据、研究、商业价值",
        "data|evidence|user research|support ticket*|usage|revenue|retention|impact",
        "数据|证据|用户研究|工单|使用|收入|留存|影响",
      ),
      kp(
        "A framework weighing value against effort (e.g. RICE)",
        "权衡价值与成本的框架（如 RICE）",
        "rice|ice|moscow|kano|value vs effort|value versus effort|effort|framework|score*",
        "RICE|ICE|MoSCoW|KANO|价值|成本|工作量|框架",
      ),
      kp(
        "Say no and communicate the reasoning",
        "敢于说不并沟通理由",
        "say no|saying no|communicat*|stakeholder*|transparen*|not doing|trade-off*",
        "说不|拒绝|沟通|相关方|透明|取舍",
      ),
    ],
  }),
  q({
    id: "pm-02",
    topic: "prd",
    category: "role-specific",
    difficulty: "easy",
    en: {
      question: "What goes into a good product requirements document (PRD)?",
      reference:
        "A good PRD explains why before what. It states the problem and who has it, with the evidence (data, research quotes), and the goal with measurable success metrics — how we will know it worked. Then the scope: user stories or use cases with acceptance criteria, key flows and edge cases, and explicitly what is out of scope (non-goals) so the team doesn't drift. It lists constraints and dependencies, open questions, risks and assumptions to validate, and the launch plan (rollout, experiment, analytics events). It is short, links to designs rather than duplicating them, and is a living document written with engineering and design, not handed over to them.",
    },
    zh: {
      question: "一份好的产品需求文档（PRD）应该包含哪些内容？",
      reference:
        "好的 PRD 先讲“为什么”，再讲“做什么”。它说明问题是什么、谁遇到了这个问题，并给出证据（数据、用户研究原话），以及目标和可衡量的成功指标——我们怎么知道它成功了。然后是范围：带验收标准的用户故事或使用场景、关键流程和边界情况，并明确写出不做什么（非目标），避免团队跑偏。还要列出约束与依赖、待解决的问题、需要验证的风险和假设，以及上线计划（灰度、实验、埋点事件）。它应当简短，链接到设计稿而不是重复其内容，并且是与研发和设计一起写成的动态文档，而不是写好后“扔”给他们。",
    },
    keyPoints: [
      kp("Problem, target users and evidence", "问题、目标用户与证据", "problem|user*|evidence|why|background|pain point*", "问题|用户|证据|为什么|背景|痛点"),
      kp("Goals and measurable success metrics", "目标与可衡量的成功指标", "goal*|success metric*|metric*|kpi*|measur*", "目标|成功指标|指标|KPI|衡量"),
      kp("Scope and non-goals", "范围与非目标", "scope|non-goal*|out of scope|not do", "范围|非目标|不做"),
      kp(
        "User stories / requirements with acceptance criteria",
        "带验收标准的用户故事/需求",
        "user stor*|requirement*|acceptance criteria|use case*|flow*|edge case*",
        "用户故事|需求|验收标准|场景|流程|边界",
      ),
      kp(
        "Open questions, risks, dependencies, launch plan",
        "待定问题、风险、依赖与上线计划",
        "open question*|risk*|assumption*|dependenc*|launch|rollout|timeline",
        "待定|风险|假设|依赖|上线|计划",
      ),
    ],
  }),
  q({
    id: "pm-03",
    topic: "metrics",
    category: "role-specific",
    difficulty: "easy",
    en: {
      question: "Which metrics would you track for a food-delivery app, and which one would you pick as the north star?",
      reference:
        "A good north-star metric captures value delivered to both sides: for example, orders delivered successfully per week (on time and not refunded) — it rises only if customers order, restaurants fulfil and couriers deliver. Around it, a funnel: app opens → restaurant views → add to cart → checkout → order placed, to find where people drop off. Retention and frequency: week-4 retention of new customers, orders per customer per month. Quality: delivery time against the promise, cancellation and refund rate, ratings. Marketplace health: restaurant and courier supply by area and time, courier utilisation and wait times. Unit economics: average order value, contribution margin per order, customer acquisition cost versus lifetime value. Guardrails stop us optimising one number at others' expense — e.g. pushing promotions that grow orders but destroy margin.",
    },
    zh: {
      question: "对于一个外卖 App，你会跟踪哪些指标？你会选哪个作为北极星指标？",
      reference:
        "好的北极星指标应该体现对供需双方交付的价值：例如每周成功送达的订单数（准时且未退款）——只有顾客下单、商家出餐、骑手送达，它才会增长。围绕它建立漏斗：打开 App → 浏览商家 → 加入购物车 → 结算 → 下单，找出用户在哪一步流失。留存和频次：新用户第 4 周留存、每位顾客每月订单数。质量：实际送达时间与承诺时间的对比、取消率和退款率、评分。平台健康度：按区域和时段的商家与骑手供给、骑手利用率和等待时长。单位经济：客单价、每单贡献利润、获客成本与用户生命周期价值的对比。护栏指标避免为了一个数字牺牲其他——例如靠补贴拉高订单却毁掉了利润。",
    },
    keyPoints: [
      kp(
        "A north-star metric reflecting delivered value",
        "体现交付价值的北极星指标",
        "north star|north-star|orders delivered|completed orders|successful orders",
        "北极星|完成订单|成功送达|订单量",
      ),
      kp("Funnel / conversion", "漏斗 / 转化", "funnel|conversion|drop off|drop-off|checkout", "漏斗|转化|流失|结算"),
      kp("Retention and frequency", "留存与频次", "retention|frequency|repeat|churn|cohort*", "留存|复购|频次|流失|同期群"),
      kp(
        "Delivery quality: time, cancellations, ratings",
        "配送质量：时长、取消、评分",
        "delivery time|on time|on-time|cancel*|refund*|rating*|quality",
        "配送时长|准时|取消|退款|评分|质量",
      ),
      kp(
        "Supply side and unit economics; guardrails",
        "供给侧与单位经济；护栏指标",
        "supply|courier*|restaurant*|unit economics|margin|aov|cac|ltv|guardrail*",
        "供给|骑手|商家|单位经济|利润|客单价|获客成本|护栏",
      ),
    ],
  }),
  q({
    id: "pm-04",
    topic: "activation",
    category: "role-specific",
    difficulty: "medium",
    en: {
      question: "Many users sign up for your product but few become active. How would you improve onboarding?",
      reference:
        'First define activation precisely: the early action that predicts long-term retention — the "aha moment" — found by comparing retained and churned users (e.g. "created a project and invited a teammate within 3 days"). Then map the funnel from sign-up to that action and find the biggest drop-offs in the data, segmented by channel, device and user type. Data shows where; qualitative research shows why — watch session recordings, interview people who dropped off, run usability tests. Typical fixes: ask for less up front, get users to value faster with templates or sample data, tailor the path to their goal, use a checklist and well-timed emails, remove technical hurdles like verification friction. Treat each change as an experiment with the activation rate as the metric, and check that retention, not just the first step, improves.',
    },
    zh: {
      question: "很多用户注册了你的产品，但很少有人成为活跃用户。你会如何改进新手引导（onboarding）？",
      reference:
        "先精确定义“激活”：能预测长期留存的早期行为——也就是“啊哈时刻”——通过比较留存用户和流失用户找到（例如“3 天内创建了项目并邀请了一位同事”）。然后画出从注册到这个行为的漏斗，在数据中找出流失最大的环节，并按渠道、设备和用户类型拆分。数据告诉你在哪里流失，定性研究告诉你为什么——看会话录屏、访谈流失的用户、做可用性测试。常见的改进：前期少问一些信息；用模板或示例数据让用户更快看到价值；根据用户目标定制路径；使用任务清单和时机恰当的邮件；去掉验证环节等技术障碍。把每次改动都当作实验，以激活率为指标，并检查留存是否真的提升，而不仅仅是第一步。",
    },
    keyPoints: [
      kp(
        "Define activation (the aha moment linked to retention)",
        "定义激活（与留存相关的啊哈时刻）",
        "activation|aha moment|aha|define|retention|key action",
        "激活|啊哈时刻|Aha|定义|留存|关键行为",
      ),
      kp(
        "Funnel data to find drop-offs, by segment",
        "用漏斗数据找出流失点并拆分",
        "funnel|drop-off|drop off|data|analytics|segment*|step*",
        "漏斗|流失|数据|分析|拆分|环节",
      ),
      kp(
        "Qualitative research: interviews, recordings, usability",
        "定性研究：访谈、录屏、可用性测试",
        "interview*|user research|usability|session recording*|qualitative|survey*",
        "访谈|用户研究|可用性|录屏|定性|问卷",
      ),
      kp("Hypotheses tested as experiments", "以实验验证假设", "hypothes*|experiment*|a/b|test*|iterate", "假设|实验|A/B|测试|迭代"),
      kp(
        "Concrete fixes: less friction, faster time to value",
        "具体改进：减少阻力、更快获得价值",
        "friction|time to value|template*|checklist|personali*|simplif*|fewer steps",
        "阻力|门槛|价值|模板|清单|个性化|简化|步骤",
      ),
    ],
  }),
  q({
    id: "pm-05",
    topic: "scope-negotiation",
    category: "role-specific",
    difficulty: "medium",
    en: {
      question: "Engineering estimates three months for a feature; sales has promised it to a client next month. What do you do?",
      reference:
        "I'd first understand what the client actually needs and by when — often the promise is about one workflow, not the whole feature — by talking to sales and, ideally, the client. With engineering I'd look at what drives the estimate and which parts are essential: can we ship a smaller first version that covers the client's core need in a month (an MVP), use a manual or configuration-based workaround, or phase the rest? I'd lay out the options with their trade-offs — scope, date, quality, what else gets delayed — rather than pushing the team to simply work faster, which usually costs quality and morale. The decision is made with the right people (sales lead, engineering lead, my manager), then communicated clearly to the client through sales with a realistic plan. Afterwards I'd work with sales on a process so commitments are checked with product first.",
    },
    zh: {
      question: "研发估算某个功能需要三个月；销售已经向客户承诺下个月交付。你会怎么做？",
      reference:
        "我会先弄清客户真正需要的是什么、什么时候需要——承诺往往针对的是某一个流程，而不是整个功能——为此和销售沟通，最好也直接和客户沟通。再和研发一起看是什么导致了这个估算、哪些部分是必需的：能否在一个月内交付覆盖客户核心需求的较小的第一版（MVP）、用人工或配置的方式临时解决，或者把其余部分分期交付？我会把各个选项及其取舍列出来——范围、日期、质量、会推迟哪些其他工作——而不是简单地逼团队加快速度，那通常会牺牲质量和士气。由合适的人（销售负责人、研发负责人、我的上级）一起做决定，然后通过销售向客户清晰地说明一个现实的计划。事后我会和销售一起建立流程，让对外承诺先经过产品确认。",
    },
    keyPoints: [
      kp(
        "Understand the real need behind the promise",
        "弄清承诺背后的真实需求",
        "understand|real need|underlying|what the client needs|talk to|clarif*",
        "了解|真实需求|核心需求|沟通|澄清",
      ),
      kp(
        "Cut scope: MVP / phased delivery / workaround",
        "缩小范围：MVP/分期交付/临时方案",
        "mvp|scope|phase*|smaller|minimum|workaround|cut",
        "MVP|范围|分期|分阶段|最小|临时方案|砍",
      ),
      kp(
        "Lay out options and trade-offs",
        "列出选项与取舍",
        "option*|trade-off*|tradeoff*|trade off|cost|quality|delay*",
        "选项|方案|取舍|权衡|代价|质量|推迟",
      ),
      kp(
        "Align stakeholders and communicate to the client",
        "对齐相关方并与客户沟通",
        "align*|stakeholder*|communicat*|escalat*|expectation*|manager",
        "对齐|相关方|沟通|升级|预期|上级",
      ),
      kp("Prevent it next time (process)", "避免再次发生（流程）", "process|next time|prevent*|future", "流程|下次|避免|以后"),
    ],
  }),
  q({
    id: "pm-06",
    topic: "user-research",
    category: "role-specific",
    difficulty: "medium",
    en: {
      question: "How would you run user research for a new feature idea before anything is built?",
      reference:
        'Start with what we need to learn — the riskiest assumptions: do users have this problem, how do they solve it today, would they change? Pick methods to match: problem interviews with 5–10 target users for the why; a survey or product data to size how common it is; later, usability tests of prototypes to check the solution. Recruit people who actually fit the target segment, including non-users and churned users, not just fans. In interviews ask about past behaviour ("tell me about the last time you…") rather than hypotheticals or "would you use this?", avoid leading questions, and listen more than talk. Afterwards synthesise across sessions — affinity mapping of notes into themes — separate what people do from what they say, and share findings with the team with quotes and clips, along with the decision they lead to.',
    },
    zh: {
      question: "在开发一个新功能想法之前，你会如何做用户研究？",
      reference:
        "先明确我们需要了解什么——风险最大的假设：用户是否有这个问题、他们现在如何解决、他们是否愿意改变？据此选择方法：与 5–10 位目标用户做问题访谈，了解原因；用问卷或产品数据评估问题有多普遍；之后用原型做可用性测试来验证方案。招募真正符合目标人群的用户，包括非用户和流失用户，而不只是忠实粉丝。访谈时问过去的行为（“说说你上一次……的时候”），而不是假设性问题或“你会用这个吗？”，避免引导性问题，多听少说。结束后跨场次综合分析——用亲和图把笔记归纳成主题——区分用户做了什么和说了什么，并带着原话和片段把发现以及由此得出的决定分享给团队。",
    },
    keyPoints: [
      kp(
        "Research goals: the riskiest assumptions",
        "研究目标：风险最大的假设",
        "assumption*|research goal*|what we need to learn|hypothes*|risk*",
        "假设|研究目标|需要了解|风险",
      ),
      kp(
        "Choose methods: interviews, surveys, usability tests, data",
        "选择方法：访谈、问卷、可用性测试、数据",
        "interview*|survey*|usability|prototype*|data|diary|method*",
        "访谈|问卷|调研|可用性|原型|数据|方法",
      ),
      kp(
        "Recruit the right target users",
        "招募正确的目标用户",
        "recruit*|target user*|segment*|participant*|non-users|churned",
        "招募|目标用户|人群|参与者|非用户|流失用户",
      ),
      kp(
        "Ask about past behaviour; avoid leading questions",
        "询问过去的行为；避免引导性问题",
        "past behavio*|last time|leading question*|bias*|hypothetical*|open-ended|open ended",
        "过去|上一次|引导|偏差|假设性|开放式",
      ),
      kp("Synthesise into insights and share", "归纳洞察并分享", "synthes*|affinity|theme*|insight*|share*|findings", "归纳|亲和图|主题|洞察|分享|结论"),
    ],
  }),
  q({
    id: "pm-07",
    topic: "failed-launch",
    category: "role-specific",
    difficulty: "medium",
    en: {
      question: "A feature you launched two months ago is barely used. What do you do?",
      reference:
        "Diagnose before deciding. Check the data: is it broken or mis-tracked, can users find it at all (discovery — how many even see the entry point), and among those who try it, do they come back? Low discovery and low repeat use are different problems. Then talk to users — those who tried it and stopped, and those who never tried — to learn whether the problem it solves matters to them and whether the solution fits. Compare with the original hypothesis and success metric. Then decide deliberately: improve discoverability, iterate on the experience, reposition it for a segment that does use it, or remove it — unused features still cost maintenance and complexity, and sunk cost is no reason to keep them. Finally, share what we learned with the team and adjust how we validate ideas before building.",
    },
    zh: {
      question: "你两个月前上线的一个功能几乎没人用。你会怎么做？",
      reference:
        "先诊断再决定。看数据：是不是功能坏了或埋点错了；用户到底能不能找到它（发现率——有多少人看到了入口）；试用过的用户会不会再来用？发现率低和复用率低是不同的问题。然后和用户聊——试用后不再使用的，以及从未试用的——了解它解决的问题对他们是否重要、方案是否合适。与最初的假设和成功指标对照。然后有意识地做决定：提高可发现性、迭代体验、针对确实在用的人群重新定位，或者下线——没人用的功能依然带来维护成本和复杂度，沉没成本不是保留它的理由。最后，把学到的东西分享给团队，并调整在开发前验证想法的方式。",
    },
    keyPoints: [
      kp(
        "Check data: bugs, tracking, discovery vs repeat use",
        "看数据：bug、埋点、发现率与复用率",
        "data|analytics|track*|discover*|adoption|repeat|funnel|bug*",
        "数据|埋点|发现|入口|使用率|复用|漏斗|bug",
      ),
      kp(
        "Talk to users to learn why",
        "和用户聊，了解原因",
        "talk to users|interview*|user feedback|survey*|research|why",
        "访谈|用户反馈|问卷|调研|原因|沟通|和用户聊|用户聊",
      ),
      kp("Compare with the original hypothesis and metric", "与最初的假设和指标对照", "hypothes*|success metric*|goal*|original", "假设|成功指标|目标|最初"),
      kp(
        "Decide: iterate, reposition or remove (sunk cost)",
        "决定：迭代、重新定位或下线（沉没成本）",
        "iterat*|improv*|remov*|kill|sunset|deprecat*|sunk cost|reposition*",
        "迭代|改进|下线|砍掉|沉没成本|重新定位",
      ),
      kp("Share the learnings", "分享经验教训", "learn*|retrospective|retro|post-mortem|share*", "教训|复盘|分享|经验"),
    ],
  }),
  q({
    id: "pm-08",
    topic: "search-success",
    category: "role-specific",
    difficulty: "medium",
    en: {
      question: "How would you measure the success of a new search feature in an e-commerce app?",
      reference:
        "Start from the user goal: find a product they want quickly and buy it. The primary metric could be search conversion — the share of searches that lead to an add-to-cart or purchase — or search success rate (a click on a result without immediately searching again). Supporting metrics show quality: click-through rate and the position of the first click (lower is better), the zero-results rate, query reformulation rate, and time to first meaningful click. Revenue from search sessions connects it to the business. Guardrails: search latency, overall conversion (search shouldn't just cannibalise browsing), and complaints. Validate with an A/B test against the old search, segmented by query type (head versus long-tail queries) and platform, and review sample queries by hand, since metrics miss obviously bad results.",
    },
    zh: {
      question: "你会如何衡量一个电商 App 中新搜索功能是否成功？",
      reference:
        "从用户目标出发：快速找到想要的商品并购买。主要指标可以是搜索转化率——带来加购或购买的搜索占比——或者搜索成功率（点击了结果且没有马上重新搜索）。辅助指标反映质量：点击率和首次点击的位置（越靠前越好）、零结果率、改写查询的比例、到首次有效点击的时间。来自搜索会话的收入把它与业务联系起来。护栏指标：搜索延迟、整体转化率（搜索不应只是抢走浏览带来的转化）以及投诉。用 A/B 测试与旧搜索对比，按查询类型（热门词与长尾词）和平台拆分，并人工抽查样例查询，因为指标会漏掉明显很差的结果。",
    },
    keyPoints: [
      kp("Start from the user goal", "从用户目标出发", "user goal|goal|find*|intent", "用户目标|目标|找到|意图"),
      kp(
        "Primary metric: search conversion / success rate",
        "主要指标：搜索转化率/成功率",
        "conversion|success rate|add to cart|add-to-cart|purchase*",
        "转化|成功率|加购|购买",
      ),
      kp(
        "Quality metrics: CTR, zero results, reformulation, position",
        "质量指标：点击率、零结果、改写、位置",
        "ctr|click-through|zero result*|no results|reformulat*|position|rank*|time to",
        "点击率|零结果|无结果|改写|位置|排序|耗时",
      ),
      kp("Guardrails such as latency", "延迟等护栏指标", "guardrail*|latency|speed|cannibali*", "护栏|延迟|速度|蚕食"),
      kp("A/B test and segment analysis", "A/B 测试与分群分析", "a/b|experiment*|control|segment*|long-tail|long tail", "A/B|实验|对照|分群|长尾"),
    ],
  }),
  q({
    id: "pm-09",
    topic: "product-design-case",
    category: "role-specific",
    difficulty: "hard",
    en: {
      question: "Design a product that helps elderly people book doctor's appointments.",
      reference:
        "Clarify the goal and context first: which market, which healthcare system, and whether the aim is access, fewer no-shows or less load on clinic phones. Users are not one group: independent older adults comfortable with phones, those with poor eyesight or motor control, and family caregivers who often book on their behalf — plus clinics on the other side. Key pain points: complex apps and small text, long phone queues, not knowing which department to pick, forgetting appointments, transport. Solutions to prioritise: a very simple flow with large text and buttons and few steps; voice or phone-based booking with a callback; a caregiver mode to book and receive reminders for a parent; symptom-based department suggestions; SMS and phone-call reminders with easy rescheduling. The MVP would be the simple flow plus caregiver booking and reminders, tested with real elderly users. Success metrics: booking completion rate, time to book, no-show rate, share booked without help, and satisfaction; risks include privacy, accessibility compliance and clinic integration.",
    },
    zh: {
      question: "设计一个帮助老年人预约看医生的产品。",
      reference:
        "先澄清目标和背景：哪个市场、哪种医疗体系，目标是提高就医便利、减少爽约，还是减轻医院电话的压力。用户不是单一群体：能熟练使用手机的独立老人、视力或手部不便的老人，以及常常替父母预约的家属——另一侧还有医院。主要痛点：应用复杂、字太小；电话排队时间长；不知道该挂哪个科室；忘记预约；出行不便。优先考虑的方案：极简流程，大字体大按钮、步骤少；语音或电话预约并支持回拨；家属代办模式，可以为父母预约并接收提醒；根据症状推荐科室；短信和电话提醒，并能方便地改约。MVP 是极简流程加家属代约和提醒，并与真实的老年用户一起测试。成功指标：预约完成率、预约耗时、爽约率、无需他人帮助完成预约的比例和满意度；风险包括隐私、无障碍合规以及与医院系统的对接。",
    },
    keyPoints: [
      kp(
        "Clarify goal and identify user segments (incl. caregivers)",
        "澄清目标并识别用户群体（包括家属）",
        "clarif*|goal|segment*|caregiver*|family|children|persona*|user group*",
        "澄清|目标|人群|家属|子女|用户画像|群体",
      ),
      kp("Pain points along the journey", "用户旅程中的痛点", "pain point*|journey|problem*|difficult*|eyesight|queue", "痛点|旅程|问题|困难|视力|排队"),
      kp(
        "Solutions: simple large UI, voice/phone, reminders, caregiver mode",
        "方案：大字体极简界面、语音/电话、提醒、家属模式",
        "large text|large font|simple|voice|phone call|reminder*|sms|caregiver mode|accessib*",
        "大字|简单|语音|电话|提醒|短信|代约|无障碍|适老",
      ),
      kp("Prioritise an MVP", "确定优先级与 MVP", "mvp|prioriti*|first version|minimum", "MVP|优先|第一版|最小"),
      kp("Success metrics and risks", "成功指标与风险", "metric*|completion rate|no-show*|satisfaction|nps|privacy|risk*", "指标|完成率|爽约|满意度|隐私|风险"),
    ],
  }),
  q({
    id: "pm-10",
    topic: "monetisation",
    category: "role-specific",
    difficulty: "hard",
    en: {
      question: "A free, ad-supported video platform is considering a paid subscription tier. How would you decide whether to launch it?",
      reference:
        "Frame it as a business question: does a subscription add more value — revenue, retention, user satisfaction — than it costs, including lost ad revenue? Understand demand: which users would pay and for what (no ads, offline downloads, higher quality, exclusive content), using surveys, interviews, willingness-to-pay research and data on heavy users. Model the economics: expected conversion rate times price versus the ad revenue those users generate today (the heaviest users are often the most valuable to advertisers — cannibalisation), plus costs like content and payments. Consider effects on the free experience and creators, competitors' pricing, and the brand. Test before committing: a fake-door or waitlist test for interest, then price experiments in a few markets, measuring conversion, churn of subscribers, overall engagement and net revenue per user. Launch if the tests show net positive impact, with a plan to iterate on the bundle.",
    },
    zh: {
      question: "一个免费、靠广告盈利的视频平台正在考虑推出付费订阅会员。你会如何决定是否上线？",
      reference:
        "把它当作一个商业问题：订阅带来的价值——收入、留存、用户满意度——是否超过它的成本，包括损失的广告收入？了解需求：哪些用户愿意付费、为什么付费（免广告、离线下载、更高画质、独家内容），通过问卷、访谈、付费意愿研究以及重度用户的数据来判断。测算经济账：预期转化率乘以价格，对比这些用户目前带来的广告收入（最重度的用户往往也是对广告主最有价值的——存在蚕食），再加上内容和支付等成本。考虑对免费用户体验和创作者的影响、竞品定价以及品牌。在投入前先测试：用“假门”测试或候补名单验证兴趣，再在几个市场做定价实验，衡量转化率、订阅用户流失、整体活跃度和每用户净收入。如果测试显示净影响为正就上线，并计划持续迭代会员权益。",
    },
    keyPoints: [
      kp(
        "Understand willingness to pay and the value proposition",
        "了解付费意愿与价值主张",
        "willingness to pay|value proposition|ad-free|no ads|offline|exclusive|benefit*|survey*",
        "付费意愿|价值|免广告|去广告|离线|独家|权益|问卷",
      ),
      kp(
        "Model revenue vs lost ad revenue (cannibalisation)",
        "测算收入与广告收入损失（蚕食）",
        "cannibali*|ad revenue|advertis*|revenue model|economics|arpu|ltv",
        "蚕食|广告收入|广告|收入|经济|ARPU|LTV",
      ),
      kp(
        "Effects on free users, creators, competitors",
        "对免费用户、创作者和竞品的影响",
        "free users|free tier|creator*|competitor*|market|brand",
        "免费用户|创作者|竞品|市场|品牌",
      ),
      kp(
        "Experiment with pricing before committing",
        "投入前先做定价实验",
        "experiment*|test*|pilot|fake door|waitlist|pricing|a/b",
        "实验|测试|试点|假门|定价|A/B",
      ),
      kp("Metrics and risks for the decision", "用于决策的指标与风险", "conversion|churn|retention|engagement|metric*|risk*", "转化|流失|留存|活跃|指标|风险"),
    ],
  }),
  q({
    id: "pm-11",
    topic: "roadmap",
    category: "role-specific",
    difficulty: "hard",
    en: {
      question: "How do you build a product roadmap for the next year?",
      reference:
        "The roadmap follows the strategy: I start from the company goals and the product vision and agree on the few outcomes that matter most this year. Inputs come from several directions — customer research and feedback, product data, sales and support, market and competitor movements, and engineering's view of technical debt and platform needs. I express the roadmap as themes or problems to solve with target outcomes (\"reduce time to first invoice\") rather than a list of features with dates, keep the near term (this quarter) detailed and the later quarters deliberately coarse, and sequence by value, dependencies and risk within the team's real capacity, leaving room for the unexpected. It is built with engineering and design and reviewed with stakeholders so trade-offs are explicit, then revisited every quarter as we learn; it is a communication tool, not a contract.",
    },
    zh: {
      question: "你如何制定未来一年的产品路线图？",
      reference:
        "路线图服从战略：我从公司目标和产品愿景出发，确定今年最重要的几个结果。输入来自多个方面——用户研究和反馈、产品数据、销售和客服、市场和竞品动态，以及研发对技术债和平台需求的判断。我把路线图表达为要解决的主题或问题，并附目标结果（“缩短首张发票的开出时间”），而不是一串带日期的功能列表；近期（本季度）详细，之后的季度刻意保持粗略；在团队真实的产能内，按价值、依赖和风险排序，并为意外留出余地。路线图与研发和设计一起制定，与相关方一起评审，让取舍变得明确，并随着认知更新每季度重新审视；它是沟通工具，而不是合同。",
    },
    keyPoints: [
      kp("Start from strategy, vision and goals", "从战略、愿景和目标出发", "strategy|vision|goal*|okr*|objective*", "战略|愿景|目标|OKR"),
      kp(
        "Inputs: customers, data, market, tech debt",
        "输入：客户、数据、市场、技术债",
        "customer*|feedback|data|market|competitor*|tech debt|technical debt|sales",
        "客户|反馈|数据|市场|竞品|技术债|销售",
      ),
      kp(
        "Outcome-based themes, not feature lists",
        "以结果为导向的主题，而非功能清单",
        "outcome*|theme*|problem*|not feature*|instead of features",
        "结果|主题|问题|而不是功能",
      ),
      kp(
        "Sequence within capacity; detailed near term, coarse later",
        "在产能内排序；近期细、远期粗",
        "capacity|sequenc*|dependenc*|quarter*|near term|prioriti*|buffer",
        "产能|排序|依赖|季度|近期|优先级|余地",
      ),
      kp(
        "Align stakeholders and revise regularly",
        "对齐相关方并定期调整",
        "stakeholder*|align*|review*|revis*|update*|communicat*|living",
        "相关方|对齐|评审|调整|更新|沟通",
      ),
    ],
  }),
  q({
    id: "pm-12",
    topic: "cross-functional",
    category: "role-specific",
    difficulty: "medium",
    en: {
      question: "How do you work with engineers and designers day to day?",
      reference:
        "I bring them into the problem early rather than handing over finished specs: engineers and designers see solutions and risks I don't, and people build better what they helped shape. My job is to make the why and the priorities clear — the user problem, the goal, what matters most this sprint — and to make decisions quickly when the team is blocked, explaining my reasoning. I respect estimates and technical concerns, and I protect time for technical debt and quality instead of treating them as negotiable. Day to day: short syncs, joint refinement of stories, being available for questions, reviewing designs and builds early and often, and demos to users together. When we disagree I go back to user evidence and the goal, and after each release we look back together at what worked.",
    },
    zh: {
      question: "你在日常工作中如何与研发和设计师协作？",
      reference:
        "我会让他们尽早参与到问题中，而不是交给他们一份写好的需求：研发和设计能看到我看不到的方案和风险，而且人们会把自己参与塑造的东西做得更好。我的职责是把“为什么”和优先级讲清楚——用户问题、目标、这个迭代最重要的是什么——并在团队受阻时快速做出决定，同时解释理由。我尊重工作量估算和技术上的顾虑，为技术债和质量保留时间，而不是把它们当作可以随便砍掉的东西。日常工作中：简短的同步会、一起梳理用户故事、随时回答问题、尽早并经常评审设计和开发结果、一起给用户演示。出现分歧时，我会回到用户证据和目标上；每次发布后一起复盘哪些做得好。",
    },
    keyPoints: [
      kp("Involve them early in the problem", "让他们尽早参与到问题中", "early|involve*|together|collaborat*|co-create|discovery", "尽早|参与|一起|协作|共创"),
      kp(
        "Clear why, priorities and quick decisions",
        "讲清为什么和优先级，快速决策",
        "why|priorit*|clear|decision*|unblock*|context",
        "为什么|优先级|清晰|决策|决定|背景",
      ),
      kp(
        "Respect estimates and technical debt",
        "尊重估算与技术债",
        "estimate*|technical debt|tech debt|quality|technical concern*|trust",
        "估算|技术债|质量|技术|信任",
      ),
      kp(
        "Regular rituals: syncs, refinement, reviews, demos",
        "固定的节奏：同步、梳理、评审、演示",
        "standup*|stand-up|sync*|refinement|grooming|review*|demo*|retro*",
        "站会|同步|梳理|评审|演示|复盘",
      ),
      kp("Resolve disagreements with evidence", "用证据解决分歧", "disagree*|conflict*|evidence|data|user research", "分歧|冲突|证据|数据|用户研究"),
    ],
  }),
];
