import { forArea, kp } from "./types";

/**
 * Behavioural questions, asked in every interview whatever the role. Reference answers show
 * the shape of a good STAR answer (situation, task, action, result) with an example story;
 * key points name what the story must show for that topic. Written for Panelist.
 */
const q = forArea("behavioural");

export const BEHAVIOURAL = [
  q({
    id: "bh-01",
    topic: "teamwork",
    category: "behavioural",
    difficulty: "easy",
    en: {
      question: "Tell me about a time you worked closely with a team to deliver something difficult. What was your part?",
      reference:
        'Use STAR and make your own contribution clear without taking credit for the team\'s. Example: "Our team of five had six weeks to migrate payments to a new provider before the old contract ended (situation). I owned the reconciliation service and the cut-over plan (task). I split the work with the two backend engineers by payment method, set up a daily 15-minute sync, and when the QA engineer was overloaded I wrote the integration tests for my part and paired with her on the test plan. When a webhook format difference blocked another teammate, I dropped my lower-priority work for a day to help (action). We switched over a week early with no failed payments, and the test suite we built became the template for later integrations (result). I learned to surface blockers daily instead of weekly."',
    },
    zh: {
      question: "讲一次你与团队紧密合作、完成一件困难任务的经历。你承担了什么部分？",
      reference:
        "用 STAR 结构回答，讲清楚自己的贡献，但不要把团队的功劳算在自己身上。示例：“我们五个人的团队要在旧合同到期前的六周内，把支付迁移到新的渠道（情境）。我负责对账服务和切换方案（任务）。我和两位后端同事按支付方式分工，建立了每天 15 分钟的同步会；测试同事工作量过大时，我为自己的部分编写了集成测试，并和她一起制定测试计划。另一位同事被回调格式的差异卡住时，我放下优先级较低的工作，花一天帮他解决（行动）。我们提前一周完成切换，没有一笔支付失败，我们搭建的测试集也成了之后接入其他渠道的模板（结果）。我学到了每天而不是每周暴露阻塞问题。”",
    },
    keyPoints: [
      kp(
        "The team's goal and the difficulty",
        "团队目标与难点",
        "deadline|goal|difficult*|challeng*|team of|weeks|pressure",
        "截止|目标|困难|挑战|团队|周|压力",
      ),
      kp(
        "Your specific role and contribution",
        "你具体的角色与贡献",
        "i owned|i was responsible|my role|my part|i led|i built|i wrote|i took",
        "我负责|我的角色|我承担|我主导|我编写|我做了",
      ),
      kp(
        "How you coordinated and helped others",
        "你如何协调并帮助他人",
        "coordinat*|sync*|pair*|help*|support*|communicat*|split the work|divide*",
        "协调|同步|结对|帮助|支持|沟通|分工",
      ),
      kp(
        "Outcome for the team, with evidence",
        "团队取得的结果及证据",
        "result*|deliver*|launched|shipped|on time|early|success*|%",
        "结果|交付|上线|按时|提前|成功|%",
      ),
      kp("What you learned about teamwork", "你对团队合作的体会", "learn*|lesson*|next time|would do differently", "学到|收获|教训|下次|体会"),
    ],
  }),
  q({
    id: "bh-02",
    topic: "conflict",
    category: "behavioural",
    difficulty: "medium",
    en: {
      question: "Describe a disagreement you had with a colleague about how to do something. How did you resolve it?",
      reference:
        "Pick a real professional disagreement, show you understood the other view, and end with both the outcome and the relationship. Example: \"A senior colleague wanted to add caching to fix slow report pages; I thought the real problem was a missing index and that caching would hide stale data (situation). We had to ship a fix that sprint (task). Instead of arguing in the pull request, I asked him to walk me through his concerns — he worried the index migration would lock a large table. I proposed we measure: I ran EXPLAIN on the top queries and tested the index build concurrently on a production copy, and we agreed on criteria beforehand (action). The index cut the p95 from 4 s to 300 ms without caching; we kept his idea for a dashboard that tolerated staleness (result). We reviewed each other's designs more often afterwards. I learned to agree on how we'll decide before debating what to decide.\"",
    },
    zh: {
      question: "讲一次你与同事在做事方式上产生分歧的经历。你是如何解决的？",
      reference:
        "选择一次真实的工作分歧，说明你理解了对方的观点，结尾既要讲结果，也要讲关系。示例：“一位资深同事想通过加缓存来解决报表页面慢的问题；我认为真正的问题是缺少索引，而且缓存会掩盖数据过期的问题（情境）。我们必须在这个迭代内上线修复（任务）。我没有在代码评审里争论，而是请他讲讲他的顾虑——他担心建索引的迁移会锁住一张大表。我提议用数据说话：我对最慢的几条查询执行了 EXPLAIN，在生产数据的副本上测试了并发建索引，并且我们事先约定了判断标准（行动）。索引把 p95 从 4 秒降到 300 毫秒，不需要缓存；他的方案我们用在了一个可以容忍数据延迟的看板上（结果）。此后我们更频繁地互相评审设计。我学到了在争论‘选哪个’之前，先约定‘怎么决定’。”",
    },
    keyPoints: [
      kp(
        "The disagreement and both viewpoints",
        "分歧内容与双方观点",
        "disagree*|different view*|he thought|she thought|they wanted|i thought|conflict|opinion*",
        "分歧|不同意见|他认为|她认为|对方|我认为|冲突|观点",
      ),
      kp(
        "Listening to understand the other side",
        "倾听并理解对方",
        "listen*|understand*|asked|their concern*|perspective|why they",
        "倾听|理解|询问|顾虑|角度|立场",
      ),
      kp(
        "Resolving with data, experiment or compromise",
        "用数据、实验或折中解决",
        "data|measur*|test*|experiment*|compromise|criteria|agreed|evidence|prototype",
        "数据|测量|测试|实验|折中|标准|达成一致|证据",
      ),
      kp(
        "Outcome and the working relationship afterwards",
        "结果以及之后的合作关系",
        "result*|outcome|relationship|trust|worked together|afterwards",
        "结果|关系|信任|之后|合作",
      ),
      kp("What you learned", "你学到了什么", "learn*|lesson*|next time|realized|realised", "学到|收获|教训|下次|意识到"),
    ],
  }),
  q({
    id: "bh-03",
    topic: "failure",
    category: "behavioural",
    difficulty: "medium",
    en: {
      question: "Tell me about a time you failed or made a significant mistake at work. What happened, and what did you do about it?",
      reference:
        "Choose a real mistake with consequences, own it without excuses, and spend most of the answer on what you did and changed. Example: \"I shipped a change to our discount logic on a Friday without testing the case of stacked coupons (situation). On Saturday, orders were being discounted twice; as the author it was my job to fix it (task). I rolled the change back within 20 minutes of being paged, worked with finance to identify the 140 affected orders, and wrote a clear account for my manager and support, including my part in it. Then I added tests for coupon combinations and proposed that pricing changes need a second reviewer and aren't deployed on Fridays (action). The loss was about $2,000, no customers were charged incorrectly, and the review rule has caught two similar issues since (result). I learned to test the combinations, not only the single cases, and to say early when I've caused a problem.\"",
    },
    zh: {
      question: "讲一次你在工作中失败或犯下重大错误的经历。发生了什么？你是怎么处理的？",
      reference:
        "选择一个真实且有后果的错误，不找借口地承担责任，把回答的大部分篇幅放在你做了什么、改变了什么上。示例：“我在一个周五上线了折扣逻辑的修改，没有测试优惠券叠加的情况（情境）。周六发现订单被重复打折；作为代码作者，修复是我的责任（任务）。我在收到告警后 20 分钟内回滚了改动，和财务一起找出了 140 个受影响的订单，并给我的上级和客服写了清楚的说明，包括我自己的责任。随后我为优惠券组合补充了测试，并提议价格相关的改动需要第二位评审人，且不在周五发布（行动）。损失约 2000 美元，没有客户被错误扣款，这条评审规则之后又拦住了两个类似的问题（结果）。我学到了要测试组合情况而不只是单一情况，以及在自己造成问题时要尽早说出来。”",
    },
    keyPoints: [
      kp("A real mistake with consequences", "一个真实且有后果的错误", "mistake|fail*|error|bug|wrong|missed|broke", "错误|失败|失误|bug|出错|漏掉|搞砸"),
      kp(
        "Taking ownership without excuses",
        "承担责任，不找借口",
        "my fault|i own*|ownership|responsib*|took responsibility|admit*|my part",
        "我的责任|承担|负责|承认|我的错",
      ),
      kp(
        "Immediate actions to limit the damage",
        "立即采取行动降低损失",
        "rolled back|roll* back|fix*|immediately|mitigat*|contain*|told my manager|inform*",
        "回滚|修复|立即|止损|通知|告知",
      ),
      kp(
        "Lasting changes to prevent recurrence",
        "防止再次发生的长期改进",
        "prevent*|process|added tests|test*|checklist|review|never again|change* how",
        "防止|流程|测试|检查清单|评审|改进|避免",
      ),
      kp("What you learned", "你学到了什么", "learn*|lesson*|since then|now i", "学到|教训|从那以后|现在我"),
    ],
  }),
  q({
    id: "bh-04",
    topic: "leadership",
    category: "behavioural",
    difficulty: "hard",
    en: {
      question: "Tell me about a time you led a project or a group of people. How did you get everyone moving in the same direction?",
      reference:
        "Show leadership as behaviour — setting direction, enabling others, making decisions — not as a title. Example: \"I led a four-person effort to cut our mobile app's crash rate, which was hurting ratings (situation). The goal I set with my manager was a crash-free rate above 99.5% in one quarter (task). I started by making the problem visible — a shared dashboard of top crashes by impact — and agreed with the team on priorities and who owned what, matching tasks to people's interests: one engineer who wanted to learn native debugging took the memory crashes. We held a weekly review of progress; when two people disagreed on rewriting the image cache, I made the call for a smaller fix with a clear reason and revisited it a month later. I kept stakeholders updated every two weeks and shielded the team from side requests (action). We reached 99.7% in ten weeks, the rating went from 3.9 to 4.4, and the engineer I coached became the team's go-to for crash analysis (result).\"",
    },
    zh: {
      question: "讲一次你带领一个项目或一群人的经历。你是如何让大家朝同一个方向努力的？",
      reference:
        "把领导力体现为行为——设定方向、赋能他人、做出决策——而不是职位头衔。示例：“我带领四个人降低移动 App 的崩溃率，因为它正在拉低评分（情境）。我和上级一起定下的目标是一个季度内无崩溃率超过 99.5%（任务）。我先让问题变得可见——一个按影响排序的主要崩溃的共享看板——然后和团队一起确定优先级和分工，并尽量让任务匹配每个人的兴趣：一位想学习原生调试的同事负责内存相关的崩溃。我们每周回顾进展；当两位同事在是否重写图片缓存上意见不一时，我给出明确的理由，拍板先做一个较小的修复，并在一个月后重新评估。我每两周向相关方同步进展，并为团队挡掉额外的需求（行动）。十周后我们达到了 99.7%，评分从 3.9 升到 4.4，我指导的那位同事也成了团队里分析崩溃问题的主力（结果）。”",
    },
    keyPoints: [
      kp("A clear shared goal and direction", "清晰的共同目标与方向", "goal|vision|direction|objective|target|aligned|align*", "目标|愿景|方向|对齐|一致"),
      kp(
        "Organising the work: priorities, ownership, delegation",
        "组织工作：优先级、分工、授权",
        "priorit*|owner*|delegat*|assign*|roles|plan*|milestone*",
        "优先级|负责|授权|分配|分工|计划|里程碑",
      ),
      kp(
        "Enabling and developing people",
        "赋能并培养团队成员",
        "coach*|mentor*|support*|grow*|develop*|interest*|motivat*|empower*",
        "指导|辅导|支持|成长|培养|激励|赋能",
      ),
      kp(
        "Making decisions and handling disagreement",
        "做出决策并处理分歧",
        "decision*|decided|made the call|disagree*|trade-off*|conflict",
        "决策|决定|拍板|分歧|取舍|冲突",
      ),
      kp("Stakeholder communication", "与相关方沟通", "stakeholder*|update*|communicat*|report*|shield*", "相关方|同步|沟通|汇报|挡掉"),
      kp("Measurable result", "可衡量的结果", "result*|%|improv*|reduc*|increas*|achiev*|reached", "结果|%|提升|降低|增长|达成"),
    ],
  }),
  q({
    id: "bh-05",
    topic: "prioritisation",
    category: "behavioural",
    difficulty: "medium",
    en: {
      question: "Tell me about a time you had more work than you could possibly finish. How did you decide what to do?",
      reference:
        "Show a method, not heroics: make the work visible, prioritise by impact and urgency, and renegotiate openly. Example: \"In one week I had a production bug affecting some users, a feature due for a customer demo, and three review requests, plus an on-call shift (situation). I couldn't do all of it well (task). I listed everything with its deadline and impact, then talked to my lead: the bug affected paying users, so it came first; the demo was fixed, so we cut the feature to the flow the customer would see and moved the settings page to the next sprint; I asked a teammate to take two of the reviews and blocked focus time in my calendar (action). The bug was fixed in a day, the demo went well, and the deferred work shipped a week later without anyone being surprised (result). I learned that saying early what won't get done is better than quietly working late and missing things.\"",
    },
    zh: {
      question: "讲一次你手上的工作多到根本做不完的经历。你是如何决定先做什么的？",
      reference:
        "展示方法，而不是“硬扛”：让工作可见，按影响和紧急程度排序，并公开地重新协商。示例：“有一周我同时有：一个影响部分用户的线上 bug、一个要给客户演示的功能、三个代码评审请求，再加上一个值班班次（情境）。我不可能把所有事情都做好（任务）。我把所有事项连同截止时间和影响列出来，然后和组长沟通：bug 影响付费用户，所以最优先；演示时间固定，于是我们把功能缩减到客户会看到的流程，把设置页面挪到下个迭代；我请一位同事接手两个评审，并在日历上预留了专注时间（行动）。bug 一天内修复，演示很顺利，推迟的工作在一周后上线，没有人感到意外（结果）。我学到了尽早说清楚哪些事做不完，比默默加班然后漏掉事情要好。”",
    },
    keyPoints: [
      kp("Making all the work visible", "让所有工作可见", "list*|wrote down|backlog|visible|everything on my plate|inventory", "列出|清单|记下|待办|可见"),
      kp("Prioritising by impact and urgency", "按影响和紧急程度排序", "priorit*|impact|urgen*|important|deadline*|eisenhower", "优先级|影响|紧急|重要|截止"),
      kp(
        "Negotiating scope or deadlines with others",
        "与他人协商范围或截止时间",
        "talk* to my|manager|lead|negotiat*|push back|cut|defer*|moved|scope",
        "沟通|上级|组长|协商|推迟|砍|范围",
      ),
      kp("Delegating or asking for help", "委派或请求帮助", "delegat*|asked a|help|handed|teammate", "委派|请同事|帮助|交给|同事"),
      kp("Outcome and what you'd keep doing", "结果以及你会坚持的做法", "result*|delivered|on time|learn*|lesson*", "结果|交付|按时|学到|收获"),
    ],
  }),
  q({
    id: "bh-06",
    topic: "feedback",
    category: "behavioural",
    difficulty: "easy",
    en: {
      question: "Tell me about a time you received critical feedback. How did you respond?",
      reference:
        "Show that you listened, checked your understanding, changed something concrete, and followed up. Example: \"After my first quarter, my manager told me that my design documents were too long and that reviewers couldn't find the decision (situation). My first reaction was defensive, because I'd worked hard on them, but I asked for two examples and what a good one looked like (task). I rewrote my next document starting with a one-paragraph summary of the decision and the alternatives, moved details to an appendix, and asked a senior engineer to review the structure before sending it (action). Review time for my next two designs dropped from over a week to two days, and in the next review my manager mentioned the documents as a strength (result). Now I ask for feedback early instead of waiting for reviews.\"",
    },
    zh: {
      question: "讲一次你收到批评性反馈的经历。你是如何回应的？",
      reference:
        "展示你认真倾听、确认理解、做出了具体改变并做了跟进。示例：“入职第一个季度后，上级告诉我，我写的设计文档太长，评审人找不到结论（情境）。我的第一反应是有点抵触，因为我在上面花了很多功夫，但我还是请他举两个例子，并说说好的文档是什么样子（任务）。下一份文档我改为开头用一段话概括决策和备选方案，把细节移到附录，并在发出前请一位资深工程师帮我看结构（行动）。接下来两份设计的评审时间从一周多缩短到两天，在下一次绩效回顾中上级还把文档列为我的优点（结果）。现在我会主动尽早征求反馈，而不是等到评审时。”",
    },
    keyPoints: [
      kp("The feedback and its context", "反馈内容及背景", "feedback|criticis*|told me|pointed out|review", "反馈|批评|指出|告诉我|评价"),
      kp(
        "Listening and asking to understand (not defensive)",
        "倾听并询问以理解（不抵触）",
        "listen*|asked for example*|clarif*|understand*|defensive|thanked",
        "倾听|举例|澄清|理解|抵触|感谢",
      ),
      kp("Concrete change you made", "你做出的具体改变", "changed|rewrote|started|improv*|practic*|adjust*|applied", "改变|改进|调整|开始|练习|重写"),
      kp("Following up and the result", "跟进与结果", "follow* up|checked in|result*|afterwards|since", "跟进|回访|结果|之后|从那以后"),
      kp("Seeking feedback proactively now", "现在主动寻求反馈", "ask for feedback|seek* feedback|proactive*|regularly|early", "主动|征求反馈|定期|尽早"),
    ],
  }),
  q({
    id: "bh-07",
    topic: "ambiguity",
    category: "behavioural",
    difficulty: "hard",
    en: {
      question: "Tell me about a time you had to make progress on a problem that was vague or poorly defined.",
      reference:
        "Show how you created clarity: asking the right questions, defining the problem, making assumptions explicit, and reducing uncertainty with small steps. Example: \"My director asked me to 'look into why enterprise customers churn' with no data set or owner (situation). I had to turn that into something we could act on within a month (task). I first interviewed three account managers and two customers who had left, then wrote a one-page problem statement with hypotheses and the questions that would confirm them, and got the director to agree it was the right question. I pulled usage data for churned and retained accounts and found that accounts without an admin who completed setup in the first 30 days churned three times as often. I shared interim findings weekly so the direction could be corrected early (action). That led to an onboarding programme for new enterprise admins; churn in the next two cohorts fell from 18% to 11% (result).\"",
    },
    zh: {
      question: "讲一次你需要在一个模糊、定义不清的问题上取得进展的经历。",
      reference:
        "展示你如何让事情变清晰：提出正确的问题、定义问题、明确假设、用小步骤降低不确定性。示例：“总监让我‘研究一下大客户为什么流失’，没有数据集，也没有负责人（情境）。我需要在一个月内把它变成可以采取行动的东西（任务）。我先访谈了三位客户经理和两位已流失的客户，然后写了一页问题陈述，列出假设以及能验证它们的问题，并让总监确认这是正确的问题。我拉取了流失客户与留存客户的使用数据，发现前 30 天内没有管理员完成配置的客户，流失率是其他客户的三倍。我每周同步阶段性发现，以便尽早纠正方向（行动）。由此推出了面向新企业管理员的引导计划；接下来两批客户的流失率从 18% 降到了 11%（结果）。”",
    },
    keyPoints: [
      kp(
        "Asking questions to clarify the goal",
        "通过提问澄清目标",
        "clarif*|asked|questions|interview*|talked to|understand the goal",
        "澄清|提问|询问|访谈|了解目标",
      ),
      kp(
        "Defining the problem and making assumptions explicit",
        "定义问题并明确假设",
        "defin*|problem statement|hypothes*|assumption*|scope*|framed",
        "定义|问题陈述|假设|范围|框定",
      ),
      kp(
        "Small steps / data to reduce uncertainty",
        "小步推进/用数据降低不确定性",
        "data|prototype|experiment*|small step*|iterat*|analys*|pilot",
        "数据|原型|实验|小步|迭代|分析|试点",
      ),
      kp(
        "Checking in and adjusting direction",
        "定期同步并调整方向",
        "check* in|share* interim|update*|feedback|align*|adjust*|correct*",
        "同步|阶段性|反馈|对齐|调整|纠正",
      ),
      kp("Result achieved", "取得的结果", "result*|led to|%|reduc*|improv*|launched", "结果|带来|%|降低|提升|上线"),
    ],
  }),
  q({
    id: "bh-08",
    topic: "learning",
    category: "behavioural",
    difficulty: "easy",
    en: {
      question: "Tell me about a time you had to learn something new quickly to get a job done.",
      reference:
        "Show a learning strategy — focused on what the task needed — and how you applied it. Example: \"Our team inherited a data pipeline written in Scala and Spark, which none of us knew, two weeks before a reporting deadline (situation). I volunteered to get it running and fix a failing job (task). I didn't try to learn all of Scala: I read the pipeline end to end, noted every concept I didn't understand, worked through the Spark documentation for those and a short course on the basics, and set up a small local copy with sample data so I could experiment safely. I booked an hour with an engineer from another team who knew Spark to check my understanding (action). I fixed the job — a skewed join — in eight days, the report shipped on time, and I wrote a runbook that the rest of the team used (result). I now approach new tools by learning the 20% I need for the task first.\"",
    },
    zh: {
      question: "讲一次你为了完成工作而需要快速学习新东西的经历。",
      reference:
        "展示一种以任务需要为中心的学习策略，以及你如何加以应用。示例：“在报表截止前两周，我们团队接手了一个用 Scala 和 Spark 写的数据管道，而我们都不会（情境）。我主动承担了让它跑起来并修复一个失败任务的工作（任务）。我没有试图把 Scala 全部学一遍：我先把管道从头到尾读了一遍，记下所有不懂的概念，针对这些概念查阅 Spark 文档，并学了一门简短的入门课程；我还用样例数据搭了一个本地的小副本，以便安全地做实验。我约了另一个团队熟悉 Spark 的工程师一个小时，请他检验我的理解（行动）。八天后我修复了那个任务——原因是 join 数据倾斜——报表按时交付，我还写了一份操作手册供团队其他人使用（结果）。现在遇到新工具，我会先学习完成任务所需的那 20%。”",
    },
    keyPoints: [
      kp(
        "What had to be learned and why it was urgent",
        "需要学什么以及为什么紧迫",
        "unfamiliar|never used|didn't know|none of us knew|deadline|quickly|from scratch",
        "新的|不熟悉|从没用过|不会|截止|快速",
      ),
      kp(
        "A focused learning strategy (docs, course, hands-on)",
        "有针对性的学习方法（文档、课程、动手）",
        "documentation|docs|course|tutorial*|read*|hands-on|experiment*|prototype|sample",
        "文档|课程|教程|阅读|动手|实验|原型|示例",
      ),
      kp(
        "Asking experts / people for help",
        "向专家或他人请教",
        "asked|expert*|mentor*|colleague*|pair*|help|booked an hour|who knew",
        "请教|专家|导师|同事|结对|帮助|约了|熟悉",
      ),
      kp("Applying it to deliver a result", "学以致用并交付结果", "applied|fixed|delivered|shipped|result*|on time", "应用|修复|交付|上线|结果|按时"),
      kp("Sharing knowledge / how you learn now", "分享知识 / 现在的学习方式", "shar*|document*|runbook|wrote|taught|now i", "分享|文档|手册|总结|现在我"),
    ],
  }),
  q({
    id: "bh-09",
    topic: "tight-deadline",
    category: "behavioural",
    difficulty: "medium",
    en: {
      question: "Describe a time you had to deliver under a very tight deadline. What did you do, and what did you sacrifice, if anything?",
      reference:
        'Show clear thinking under pressure: agree what "done" means, cut scope consciously, protect quality where it matters, and be honest about trade-offs. Example: "A regulator moved a reporting requirement forward, giving us ten days instead of two months to produce an audit export (situation). I was the engineer responsible (task). On day one I met compliance to define the minimum acceptable output — one format, three of the eight fields could be filled later — and wrote that down. I reused our existing export job instead of building the planned new service, kept tests for the fields that mattered legally, skipped the admin UI, and flagged the technical debt with a ticket and a date. I sent a short status update every evening so no one was surprised (action). We submitted on day nine; the full version followed five weeks later as planned (result). The sacrifice was a temporary, less elegant design, which we replaced; I wouldn\'t have cut the correctness tests."',
    },
    zh: {
      question: "讲一次你必须在非常紧迫的期限内交付的经历。你做了什么？有没有做出什么牺牲？",
      reference:
        "展示在压力下清晰的思考：就“完成”的标准达成一致、有意识地缩减范围、在关键处守住质量，并坦诚说明取舍。示例：“监管机构把一项报送要求提前了，我们只有十天而不是两个月来做一个审计导出功能（情境）。我是负责的工程师（任务）。第一天我就和合规团队确定了最低可接受的输出——一种格式，八个字段中有三个可以之后补充——并写了下来。我复用了现有的导出任务，而不是开发原计划的新服务；保留了对法律上关键字段的测试，跳过了管理后台界面，并用一个带日期的工单记下了技术债。我每天晚上发一份简短的进展同步，不让任何人感到意外（行动）。我们在第九天提交；完整版本按计划在五周后上线（结果）。牺牲的是一个临时的、不够优雅的设计，之后我们替换掉了；而正确性相关的测试我是不会砍的。”",
    },
    keyPoints: [
      kp(
        "Defining what done means / minimum scope",
        "定义“完成”的标准 / 最小范围",
        "defin*|minimum|mvp|must-have|scope|requirement*|done",
        "定义|最低|最小|必须|范围|需求|完成标准",
      ),
      kp(
        "Conscious trade-offs (what was cut or deferred)",
        "有意识的取舍（砍掉或推迟了什么）",
        "cut|skip*|defer*|trade-off*|tradeoff*|sacrific*|technical debt|tech debt|later",
        "砍|跳过|推迟|取舍|牺牲|技术债|之后",
      ),
      kp("Protecting quality where it mattered", "在关键处守住质量", "test*|quality|correctness|critical|didn't cut|kept", "测试|质量|正确性|关键|保留"),
      kp("Keeping people informed", "让相关人员知情", "update*|communicat*|status|inform*|stakeholder*", "同步|沟通|进展|告知|相关方"),
      kp(
        "Delivered on time, with follow-up",
        "按时交付并有后续跟进",
        "on time|delivered|submitted|shipped|day|follow*|replaced",
        "按时|交付|提交|上线|后续|替换",
      ),
    ],
  }),
  q({
    id: "bh-10",
    topic: "disagree-manager",
    category: "behavioural",
    difficulty: "hard",
    en: {
      question: "Tell me about a time you disagreed with a decision made by your manager or leadership. What did you do?",
      reference:
        'Show that you raised the concern through the right channel with evidence, respected the final decision, and committed to it ("disagree and commit") — or changed it through persuasion, not politics. Example: "My manager decided to drop automated end-to-end tests to hit a launch date (situation). I believed it risked a broken checkout, which had happened before (task). I asked for fifteen minutes, brought data — the three incidents in the past year that these tests would have caught and their cost — and proposed a compromise: keep only the five checkout tests, which take one day to update. I framed it around his goal, the launch date, not around being right (action). He agreed to the compromise; two weeks after launch those tests caught a payment bug before release (result). Had he said no, I\'d have committed to the plan and made the risk visible in the launch checklist."',
    },
    zh: {
      question: "讲一次你不同意上级或管理层决定的经历。你是怎么做的？",
      reference:
        "展示你通过正确的渠道、带着证据提出顾虑，尊重最终决定并全力执行（“保留意见，坚决执行”）——或者通过说服而不是搞关系改变了决定。示例：“我的上级决定为了赶上线日期，去掉自动化端到端测试（情境）。我认为这有让结账流程出故障的风险，以前就发生过（任务）。我约了他十五分钟，带去数据——过去一年里这些测试本可以拦住的三次事故及其损失——并提出一个折中方案：只保留五个结账相关的测试，更新它们只需要一天。我围绕他的目标——上线日期——来讨论，而不是为了证明我是对的（行动）。他同意了折中方案；上线两周后，这些测试在发布前拦住了一个支付 bug（结果）。如果他拒绝，我会执行这个计划，并在上线检查清单里把风险写清楚。”",
    },
    keyPoints: [
      kp("The decision and why you disagreed", "决定内容以及你为何不同意", "decision|decided|disagree*|concern*|risk*|believed", "决定|不同意|顾虑|风险|认为"),
      kp(
        "Raising it privately and respectfully with evidence",
        "私下、尊重地带着证据提出",
        "data|evidence|one-on-one|1:1|privately|asked for|raised|respectful*",
        "数据|证据|一对一|私下|提出|尊重",
      ),
      kp(
        "Framing around shared goals / offering alternatives",
        "围绕共同目标 / 提供替代方案",
        "goal*|compromise|alternative*|proposed|option*|their perspective",
        "目标|折中|替代|提议|方案|对方角度",
      ),
      kp(
        "Disagree and commit",
        "保留意见，坚决执行",
        "commit*|disagree and commit|support* the decision|respect* the decision|went with",
        "执行|保留意见|支持决定|尊重决定|服从",
      ),
      kp("Outcome", "结果", "result*|outcome|agreed|caught|turned out", "结果|同意|最终|事后证明"),
    ],
  }),
  q({
    id: "bh-11",
    topic: "mentoring",
    category: "behavioural",
    difficulty: "medium",
    en: {
      question: "Tell me about a time you helped someone else grow — mentoring a new colleague, for example.",
      reference:
        'Show that you adapted to the person, built their independence rather than doing the work for them, and can point to their progress. Example: "A graduate joined our team and was struggling to finish tickets; she was afraid to ask questions (situation). My lead asked me to mentor her (task). In our first one-on-one I asked what she found hardest — navigating a large codebase — and what she wanted to get good at. We agreed on weekly sessions; I gave her progressively larger tasks in one area, paired on the first of each kind and then only reviewed, and answered questions with questions so she worked things out. I made a point of praising good work in public and giving corrections in private (action). After three months she was closing tickets at the team\'s pace, and after six she presented her feature at the team demo and started onboarding the next new hire (result). I learned that my job was to make myself unnecessary."',
    },
    zh: {
      question: "讲一次你帮助别人成长的经历——比如指导一位新同事。",
      reference:
        "展示你根据对方的情况调整方法，培养对方的独立性而不是替他干活，并能说明对方的进步。示例：“一位应届生加入我们团队，完成任务很吃力，也不敢提问（情境）。组长请我带她（任务）。第一次一对一时，我问她觉得最难的是什么——在一个庞大的代码库里找方向——以及她想提升哪方面。我们约定每周交流一次；我在同一个模块里给她逐步增大的任务，每类任务的第一个和她结对完成，之后只做评审；回答问题时我常用提问引导她自己想明白。我注意公开表扬她做得好的地方，私下指出需要改进的地方（行动）。三个月后她完成任务的速度跟上了团队，六个月后她在团队演示会上展示了自己负责的功能，并开始带下一位新人（结果）。我体会到，我的任务是让自己变得不再被需要。”",
    },
    keyPoints: [
      kp(
        "Understanding the person's needs and goals",
        "了解对方的需求与目标",
        "asked what|understand*|goal*|needs|struggl*|one-on-one|1:1",
        "了解|询问|目标|需求|困难|一对一",
      ),
      kp(
        "A structured approach: regular sessions, growing tasks",
        "有结构的方法：定期交流、逐步加大任务",
        "weekly|regular*|plan|progressive*|gradual*|task*|session*",
        "每周|定期|计划|逐步|任务|交流",
      ),
      kp(
        "Building independence (pairing then stepping back, guiding questions)",
        "培养独立性（先结对再放手、引导式提问）",
        "pair*|independen*|step* back|let her|let him|questions|guide*|review*",
        "结对|独立|放手|引导|提问|评审",
      ),
      kp("Encouragement and feedback", "鼓励与反馈", "feedback|prais*|encourag*|confiden*|recogni*", "反馈|表扬|鼓励|信心|认可"),
      kp("The person's measurable progress", "对方可衡量的进步", "progress|improv*|months|now she|now he|independently|result*", "进步|提升|几个月|独立|结果"),
    ],
  }),
  q({
    id: "bh-12",
    topic: "influence",
    category: "behavioural",
    difficulty: "hard",
    en: {
      question: "Tell me about a time you convinced people to adopt an idea when you had no authority over them.",
      reference:
        "Show influence through understanding others' interests, evidence and small wins, not pressure. Example: \"I wanted all six product teams to adopt a shared error-tracking tool; each team used its own logging and incidents took hours to trace across services (situation). I had no authority over the other teams (task). I talked to each team lead to learn what they cared about — for two it was on-call pain, for others setup cost. I ran a two-week pilot with my own team and one volunteer team, measured the time to find the cause of incidents before and after (from 90 to 20 minutes), wrote a one-page guide and a script that set it up in ten minutes, and presented the results at the engineering all-hands with the volunteer team's lead telling their story (action). Within a quarter five of six teams had adopted it; the sixth joined after its next incident (result). I learned that making adoption easy matters as much as the argument.\"",
    },
    zh: {
      question: "讲一次你在没有职权的情况下说服别人采纳某个想法的经历。",
      reference:
        "展示你通过理解他人的利益、证据和小范围成功来施加影响，而不是施压。示例：“我希望六个产品团队都采用同一个错误追踪工具；各团队用各自的日志方案，排查跨服务事故要花好几个小时（情境）。我对其他团队没有任何管理权（任务）。我逐一找各团队负责人聊，了解他们关心什么——两个团队在意值班的痛苦，其他团队在意接入成本。我在自己团队和一个自愿参与的团队里做了两周试点，测量了事故定位原因所需的时间在试点前后的变化（从 90 分钟降到 20 分钟），写了一页的接入指南和一个十分钟完成配置的脚本，并在技术全员会上展示结果，由那个自愿团队的负责人讲述他们的经历（行动）。一个季度内六个团队中有五个采用了它，第六个在下一次事故后也加入了（结果）。我学到，让采纳变得容易和论证本身一样重要。”",
    },
    keyPoints: [
      kp(
        "No formal authority; the idea and why it mattered",
        "没有正式职权；想法及其重要性",
        "no authority|didn't report|other teams|across teams|convince*|persuad*|influence",
        "没有职权|其他团队|跨团队|说服|影响",
      ),
      kp(
        "Understanding stakeholders' interests",
        "了解相关方的关注点",
        "talked to|listen*|cared about|interest*|concern*|pain*|stakeholder*",
        "沟通|倾听|关心|关注|顾虑|痛点|相关方",
      ),
      kp(
        "Evidence from a pilot / data",
        "试点或数据提供的证据",
        "pilot|prototype|proof of concept|poc|data|measur*|before and after|evidence",
        "试点|原型|概念验证|数据|测量|前后对比|证据",
      ),
      kp(
        "Making adoption easy; allies and champions",
        "让采纳变得容易；寻找盟友",
        "easy|guide|script|template|champion*|ally|allies|volunteer*|demo*|present*",
        "容易|指南|脚本|模板|盟友|支持者|演示|分享",
      ),
      kp("Adoption result", "采纳的结果", "adopt*|result*|teams|within|%", "采纳|采用|结果|团队|%"),
    ],
  }),
  q({
    id: "bh-13",
    topic: "customer-focus",
    category: "behavioural",
    difficulty: "medium",
    en: {
      question: "Tell me about a time you went out of your way to solve a problem for a customer or user.",
      reference:
        "Show that you understood the user's real problem, acted with ownership beyond your narrow remit, and fixed the cause, not just the symptom. Example: \"A support ticket from a small business said our invoices were 'sometimes wrong'; it had been closed twice as 'cannot reproduce' (situation). I was on support rotation and decided to get to the bottom of it (task). I asked for a call with the customer and watched them create an invoice: they used a discount and a tax rate that together hit a rounding path we'd never tested. I fixed their existing invoices that day with a script, then fixed the rounding logic, added tests for combinations, and searched our data for other affected customers — there were 37, whom support contacted proactively (action). The customer renewed and wrote a public review mentioning the call; the fix removed a class of tickets that had been coming in monthly (result).\"",
    },
    zh: {
      question: "讲一次你特意为客户或用户解决问题的经历。",
      reference:
        "展示你理解了用户真正的问题，主动承担超出自己狭义职责的事情，并修复了根因而不仅仅是表象。示例：“一家小企业客户提交工单说我们的发票‘有时会出错’；这张工单已经两次以‘无法复现’被关闭（情境）。当时我轮值客服支持，决定把问题弄清楚（任务）。我请求与客户通话，看着他们开发票：他们同时使用了折扣和一种税率，两者组合触发了一段我们从未测试过的四舍五入逻辑。我当天用脚本修正了他们已开出的发票，然后修复了舍入逻辑，补充了组合情况的测试，并在数据中查找其他受影响的客户——一共 37 家，由客服主动联系了他们（行动）。这位客户续了约，还写了一篇公开评价提到那次通话；这个修复消除了一类每月都会出现的工单（结果）。”",
    },
    keyPoints: [
      kp(
        "Understanding the customer's real problem",
        "理解客户真正的问题",
        "customer*|user*|talked to|call|watched|listen*|understand*|their problem",
        "客户|用户|沟通|通话|观察|倾听|理解",
      ),
      kp(
        "Ownership beyond your remit",
        "超出职责范围的主动担当",
        "ownership|took it on|went beyond|decided to|out of my way|follow* through",
        "主动|担当|承担|超出|跟进到底",
      ),
      kp(
        "Fixing the root cause, not only the symptom",
        "修复根因，而不仅是表象",
        "root cause|underlying|fixed the|added tests|prevent*|cause",
        "根因|根本原因|修复|测试|防止",
      ),
      kp(
        "Proactively helping other affected users",
        "主动帮助其他受影响的用户",
        "other customers|other users|affected|proactive*|reached out|contacted",
        "其他客户|其他用户|受影响|主动|联系",
      ),
      kp("Customer outcome", "客户方面的结果", "renew*|satisf*|review|nps|thank*|result*|tickets", "续约|满意|评价|感谢|结果|工单"),
    ],
  }),
  q({
    id: "bh-14",
    topic: "explain-technical",
    category: "behavioural",
    difficulty: "medium",
    en: {
      question: "Tell me about a time you had to explain something complex to someone without your background.",
      reference:
        "Show that you started from what the audience needed to decide, used plain language and analogies, and checked understanding. Example: \"Our sales director wanted to know why a customer's data migration would take six weeks, not one (situation). She needed something she could explain to the customer (task). I skipped the database details and started with the decision she faced. I used an analogy — moving house while the family still lives there, so we move room by room and check nothing is lost — and a simple timeline with three phases and what the customer would see in each. I avoided jargon, drew one diagram, and asked her to explain it back to me, which showed she'd missed why the validation phase mattered, so I gave a concrete example of an earlier customer who lost records (action). She presented it to the customer the next day; they accepted the plan and the phased approach became part of our sales material (result).\"",
    },
    zh: {
      question: "讲一次你需要向没有相关背景的人解释复杂事情的经历。",
      reference:
        "展示你从对方需要做的决定出发，使用通俗的语言和类比，并确认对方真正理解。示例：“销售总监想知道，为什么一位客户的数据迁移需要六周而不是一周（情境）。她需要一个能讲给客户听的说法（任务）。我跳过了数据库细节，从她要做的决定讲起。我用了一个类比——像是在一家人还住在里面的情况下搬家，所以要一个房间一个房间地搬，并检查没有东西丢失——再配一个分三个阶段的简单时间线，说明客户在每个阶段会看到什么。我避免使用术语，只画了一张图，并请她给我复述一遍，结果发现她没弄明白校验阶段为什么重要，于是我举了一个早先客户丢失数据的具体例子（行动）。第二天她向客户做了讲解；客户接受了方案，这个分阶段的做法也被写进了我们的销售资料（结果）。”",
    },
    keyPoints: [
      kp(
        "Knowing the audience and what they need",
        "了解听众及其需要",
        "audience|what they needed|decision|non-technical|background|their goal",
        "听众|对方|需要|决定|非技术|背景",
      ),
      kp("Plain language and analogies", "通俗语言与类比", "analog*|plain language|simple|metaphor|jargon|everyday", "类比|比喻|通俗|简单|术语|大白话"),
      kp(
        "Structure: main point first, visuals",
        "结构：结论先行、可视化",
        "main point|start with|structure|diagram|visual*|timeline|summary",
        "结论先行|先说|结构|图|可视化|时间线|总结",
      ),
      kp("Checking understanding", "确认理解", "explain it back|check* understanding|asked her|asked him|questions|confirm*", "复述|确认理解|提问|确认"),
      kp("Outcome of the explanation", "解释带来的结果", "result*|accepted|decided|approved|presented|outcome", "结果|接受|决定|批准|讲解"),
    ],
  }),
  q({
    id: "bh-15",
    topic: "proudest-achievement",
    category: "behavioural",
    difficulty: "easy",
    en: {
      question: "What achievement in your work or studies are you most proud of, and why?",
      reference:
        "Pick something relevant to the role, explain why it was hard, what you personally did, and the measurable result — and say why it matters to you, which shows your values. Example: \"I'm proudest of rebuilding our university club's event registration system. The old process was a shared spreadsheet that crashed on popular events and double-booked places (situation). I took it on alone over a summer (task). I interviewed the organisers, built a small web app with a queue for popular events, wrote tests for the booking rules, and trained the next committee to run it (action). Registration for the 400-place annual conference sold out in six minutes with no double bookings, and three years later students still use it (result). I'm proud of it because people I never met kept using something I built — that's the kind of impact I want in this job.\"",
    },
    zh: {
      question: "在工作或学习中，你最自豪的成就是什么？为什么？",
      reference:
        "挑选与岗位相关的事情，说明它为什么难、你个人做了什么、可衡量的结果是什么——并说说它为什么对你重要，这能体现你的价值观。示例：“我最自豪的是重建了学校社团的活动报名系统。原来的流程是一张共享表格，热门活动时会崩溃，还会出现重复占位（情境）。我利用一个暑假独自承担了这件事（任务）。我访谈了活动组织者，开发了一个带排队机制的小型 Web 应用，为报名规则编写了测试，并培训下一届干事来运营它（行动）。有 400 个名额的年度大会报名在六分钟内满额，没有出现任何重复报名；三年后学弟学妹们仍在使用（结果）。我为它自豪，是因为素未谋面的人一直在使用我做的东西——这正是我希望在这份工作中创造的影响。”",
    },
    keyPoints: [
      kp("Why it was hard (context)", "为什么难（背景）", "difficult|hard|challeng*|problem|crash*|broken|old process", "困难|难|挑战|问题|崩溃|原来的"),
      kp(
        "What you personally did",
        "你个人做了什么",
        "i built|i designed|i wrote|i led|i took|alone|myself|i interviewed",
        "我开发|我设计|我编写|我主导|独自|我自己|我负责",
      ),
      kp("Measurable result", "可衡量的结果", "result*|%|minutes|users|still use|no errors|sold out|increase*|reduc*", "结果|%|分钟|用户|仍在使用|提升|降低"),
      kp(
        "Why it matters to you (values, relevance to the role)",
        "它为什么对你重要（价值观、与岗位的关联）",
        "proud|matters|because|value*|this role|this job|motivat*",
        "自豪|重要|因为|价值|这个岗位|这份工作|动力",
      ),
    ],
  }),
  q({
    id: "bh-16",
    topic: "change",
    category: "behavioural",
    difficulty: "medium",
    en: {
      question: "Tell me about a time when priorities or plans changed suddenly. How did you adapt?",
      reference:
        "Show that you accepted the change quickly, understood the reason, re-planned, and helped others through it. Example: \"Two weeks before launching a feature I'd worked on for two months, the company pivoted to enterprise customers and the feature was shelved (situation). My new task was to add single sign-on within a month (task). I was disappointed, and said so to my manager, but I asked why the strategy changed so I could see the logic. I wrote down what could be reused from my shelved work — the permissions model — documented the rest so it could be resumed, and made a plan for SSO with the first customer's requirements. I also helped a junior colleague who was frustrated by the change to find the interesting problems in the new work (action). We shipped SSO in four weeks, using the permission model, and it closed the first enterprise deal (result). I learned not to get too attached to a plan.\"",
    },
    zh: {
      question: "讲一次优先级或计划突然改变的经历。你是如何适应的？",
      reference:
        "展示你很快接受变化、理解原因、重新规划，并帮助他人度过变化。示例：“在我做了两个月的一个功能即将上线前两周，公司转向企业客户，这个功能被搁置了（情境）。我的新任务是在一个月内加上单点登录（SSO）（任务）。我很失望，也如实告诉了上级，但我问清楚了战略为什么改变，以便理解其中的逻辑。我列出了被搁置的工作中可以复用的部分——权限模型——把其余部分写成文档，方便以后恢复，并根据第一个客户的需求制定了 SSO 计划。我还帮助一位对这次变化感到沮丧的初级同事，在新工作中找到有意思的问题（行动）。我们用四周交付了 SSO，并复用了权限模型，帮助签下了第一个企业客户（结果）。我学到了不要对某个计划过于执着。”",
    },
    keyPoints: [
      kp(
        "The change and its impact on you",
        "变化及其对你的影响",
        "chang*|pivot*|shelved|cancel*|suddenly|new priorit*|reorg*",
        "变化|转向|搁置|取消|突然|新的优先级|调整",
      ),
      kp("Understanding the reason behind it", "理解变化背后的原因", "asked why|understand*|reason|strategy|context|logic", "问清楚|理解|原因|战略|背景|逻辑"),
      kp(
        "Re-planning and reusing what you could",
        "重新规划并复用已有成果",
        "re-plan*|replan*|new plan|reus*|document*|salvag*|adapt*",
        "重新规划|新计划|复用|文档|调整|适应",
      ),
      kp("Helping others through the change", "帮助他人度过变化", "helped|colleague*|teammate*|morale|support*", "帮助|团队|同事|士气|支持"),
      kp("Result and lesson", "结果与体会", "result*|shipped|delivered|learn*|lesson*", "结果|交付|上线|学到|体会"),
    ],
  }),
  q({
    id: "bh-17",
    topic: "difficult-colleague",
    category: "behavioural",
    difficulty: "hard",
    en: {
      question: "Tell me about a time you worked with someone who was difficult to work with. How did you handle it?",
      reference:
        "Avoid blaming; show curiosity about the other person's situation, a direct but private conversation, and a workable outcome. Example: \"A designer on my project often missed our handoff dates and reacted sharply to comments on his work, which held up the front-end work (situation). I needed the designs on time without escalating straight away (task). I asked him for coffee and asked how the project was going for him. It turned out he was split across three projects and received feedback from five people in different channels, often contradicting each other. We agreed that feedback would go through one weekly review with a single decision-maker, and I started sharing rough front-end constraints earlier so there were fewer late changes. I also talked to my manager about his workload, framed as a project risk, not a complaint (action). Handoffs were on time for the rest of the project, and he asked to work with me again on the next one (result). I learned that 'difficult' behaviour usually has a cause worth asking about.\"",
    },
    zh: {
      question: "讲一次你与难以合作的人共事的经历。你是怎么处理的？",
      reference:
        "避免指责；展示你对对方处境的好奇、直接但私下的沟通，以及一个可行的结果。示例：“项目中的一位设计师经常错过交付日期，对别人评论他的设计反应很激烈，拖慢了前端工作（情境）。我需要按时拿到设计稿，又不想直接向上升级（任务）。我约他喝咖啡，问他这个项目对他来说进展如何。原来他同时在三个项目上，还会从五个人那里、通过不同渠道收到相互矛盾的反馈。我们约定所有反馈都通过每周一次的评审、由一个人拍板；我也开始更早地分享前端的粗略约束，减少后期修改。我还和上级谈了他的工作量问题，把它作为项目风险而不是抱怨提出（行动）。项目剩下的时间里交付都很准时，下一个项目他还主动要求和我合作（结果）。我学到，“难相处”的行为背后通常有值得询问的原因。”",
    },
    keyPoints: [
      kp(
        "The behaviour and its impact, described without blame",
        "不带指责地描述对方的行为及其影响",
        "missed|impact|held up|blocked|behavio*|sharp*|difficult",
        "错过|影响|拖慢|阻塞|行为|难相处",
      ),
      kp(
        "Seeking to understand their situation",
        "尝试理解对方的处境",
        "asked how|understand*|their perspective|turned out|listen*|curious|empath*",
        "询问|理解|对方角度|原来|倾听|同理",
      ),
      kp(
        "A direct, private conversation",
        "直接而私下的沟通",
        "privately|one-on-one|1:1|coffee|conversation|talked to him|talked to her|direct*",
        "私下|一对一|喝咖啡|谈话|沟通|直接",
      ),
      kp(
        "Practical agreement / changed way of working",
        "务实的约定 / 调整合作方式",
        "agreed|process|single|earlier|working agreement|changed",
        "约定|流程|统一|更早|改变|调整",
      ),
      kp(
        "Escalating constructively only if needed; outcome",
        "必要时建设性地升级；结果",
        "escalat*|manager|risk|result*|on time|relationship",
        "升级|上级|风险|结果|按时|关系",
      ),
    ],
  }),
  q({
    id: "bh-18",
    topic: "decision-incomplete-info",
    category: "behavioural",
    difficulty: "hard",
    en: {
      question: "Tell me about a time you had to make an important decision without all the information you wanted.",
      reference:
        "Show how you judged what information mattered, set a decision deadline, reduced risk, and made the decision reversible where possible. Example: \"During a database outage our primary wouldn't recover and the replica was about 30 seconds behind; we didn't know whether the primary's disk or the database process was at fault (situation). As incident lead I had to decide whether to fail over and accept possible loss of those 30 seconds of writes (task). I gave the team ten minutes to find out whether the primary could be restarted, checked with the product owner what losing recent writes meant (mostly re-submittable form data), and wrote the decision and reasoning in the incident channel. When restarting failed, we failed over, and I asked an engineer to save the primary's WAL so the missing writes could be recovered later (action). Service was back in 25 minutes instead of hours; we recovered all but four writes, and we contacted those users (result). The lesson: set a time limit on gathering information and keep options to undo.\"",
    },
    zh: {
      question: "讲一次你在没有获得所需全部信息的情况下，必须做出重要决定的经历。",
      reference:
        "展示你如何判断哪些信息重要、设定决策时限、降低风险，并尽可能让决定可逆。示例：“一次数据库故障中，主库无法恢复，从库大约落后 30 秒；我们不知道是主库的磁盘还是数据库进程出了问题（情境）。作为事故负责人，我必须决定是否切换到从库，接受可能丢失这 30 秒写入的后果（任务）。我给团队十分钟时间确认主库能否重启，向产品负责人确认丢失最近写入意味着什么（大多是可以重新提交的表单数据），并在事故群里写下决定和理由。重启失败后我们执行了切换，我请一位工程师保存了主库的 WAL 日志，以便之后恢复缺失的写入（行动）。服务在 25 分钟内恢复，而不是几个小时；除了四条写入外全部找回，并联系了相关用户（结果）。我的体会是：给收集信息设定时限，并保留可以撤回的余地。”",
    },
    keyPoints: [
      kp(
        "What was unknown and what was at stake",
        "未知的是什么、利害是什么",
        "unknown|didn't know|uncertain*|incomplete|at stake|risk*|pressure",
        "未知|不知道|不确定|不完整|风险|压力",
      ),
      kp(
        "Gathering the key information within a time limit",
        "在时限内收集关键信息",
        "time limit|minutes|deadline|timebox*|checked with|gathered|asked",
        "时限|分钟|截止|确认|收集|询问",
      ),
      kp(
        "Weighing options and risks; consulting people",
        "权衡选项与风险；征求意见",
        "option*|trade-off*|weigh*|risk*|consult*|product owner|stakeholder*",
        "选项|方案|权衡|风险|征求|相关方",
      ),
      kp(
        "Making it reversible / limiting the downside",
        "让决定可逆 / 控制损失",
        "revers*|undo|rollback|roll back|backup|mitigat*|fallback|recover*",
        "可逆|撤回|回滚|备份|兜底|恢复",
      ),
      kp(
        "Communicating the decision; outcome and lesson",
        "沟通决定；结果与体会",
        "wrote|communicat*|explained|result*|learn*|lesson*",
        "记录|沟通|解释|结果|体会|学到",
      ),
    ],
  }),
  q({
    id: "bh-19",
    topic: "process-improvement",
    category: "behavioural",
    difficulty: "medium",
    en: {
      question: "Tell me about a time you noticed an inefficient process and improved it.",
      reference:
        'Show that you measured the problem, designed a change with the people affected, and measured the result. Example: "Releasing our backend took a whole afternoon each week: a manual checklist of 30 steps, and about one release a month went wrong (situation). Nobody owned the process, so I proposed to fix it (task). I timed three releases and listed where time and errors came from — most were manual version bumps and environment-variable changes. With the two engineers who usually released, I automated the build, tagging and deployment in CI, added a smoke test after deploy, and kept a manual approval step that the team wanted. I rolled it out for one service first, then the rest, and wrote a short guide (action). Releases went from about three hours to fifteen minutes, failed releases dropped to one in the following six months, and the team moved from weekly to daily releases (result)."',
    },
    zh: {
      question: "讲一次你发现某个流程效率低下并加以改进的经历。",
      reference:
        "展示你度量了问题，与受影响的人一起设计了改进方案，并度量了结果。示例：“我们的后端发布每周要花一整个下午：一份 30 步的手工检查清单，大约每月会有一次发布出错（情境）。这个流程没有负责人，于是我主动提出来改进（任务）。我记录了三次发布的耗时，列出时间和错误主要来自哪里——大多是手动改版本号和修改环境变量。我和两位平时负责发布的工程师一起，把构建、打标签和部署自动化到 CI 中，在部署后加了冒烟测试，并保留了团队希望有的人工审批环节。我先在一个服务上推行，再推广到其他服务，并写了一份简短的指南（行动）。发布时间从约三小时降到十五分钟，之后六个月里失败的发布只有一次，团队也从每周发布变为每天发布（结果）。”",
    },
    keyPoints: [
      kp("The inefficiency, with evidence", "低效之处及其证据", "manual|slow|hours|took|error*|inefficien*|wasted", "手工|慢|小时|耗时|出错|低效|浪费"),
      kp("Measuring / finding the root causes", "度量 / 找出根因", "measur*|timed|data|root cause*|where time went|analy*", "度量|记录|数据|根因|分析"),
      kp(
        "Designing the change with the people affected",
        "与受影响的人一起设计改进",
        "together|involv*|feedback|team wanted|who usually|consult*",
        "一起|共同|参与|反馈|团队",
      ),
      kp(
        "Implementing incrementally (automation, pilot)",
        "逐步实施（自动化、试点）",
        "automat*|pilot|one service first|rolled out|gradual*|script*|ci",
        "自动化|试点|先在|推广|逐步|脚本|CI",
      ),
      kp("Measured improvement", "可衡量的改进", "went from|%|minutes|reduc*|faster|dropped|cut|result*", "从|降到|%|分钟|减少|更快|结果"),
    ],
  }),
  q({
    id: "bh-20",
    topic: "motivation",
    category: "behavioural",
    difficulty: "easy",
    en: {
      question: "Why do you want this role, and why now?",
      reference:
        "Connect three things: what you have done, what this role involves, and where you want to grow — with specifics about the company rather than flattery. Example: \"For three years I've built internal tools at a logistics company; the part I enjoy most is talking to the people who use them and seeing their work get easier. This role is on a customer-facing product team where engineers join user research, which is exactly the part I want more of. I've used your product as a customer, and I read your engineering blog post on how you run experiments — that way of working is what I'm looking for. My experience with data-heavy back-office systems is relevant to your reporting features. And the timing: I've taken my current role as far as it goes; our team is moving to maintenance work, and I want to build new things with users.\"",
    },
    zh: {
      question: "你为什么想要这个岗位？为什么是现在？",
      reference:
        "把三件事联系起来：你做过什么、这个岗位做什么、你希望在哪方面成长——并说出关于这家公司的具体信息，而不是恭维。示例：“过去三年我在一家物流公司开发内部工具，我最喜欢的部分是和使用者交流，看到他们的工作变得更轻松。这个岗位在面向客户的产品团队中，工程师会参与用户研究，这正是我想多做的部分。我作为客户用过你们的产品，也读过你们技术博客上关于如何做实验的文章——这种工作方式正是我在寻找的。我在数据密集的后台系统上的经验，与你们的报表功能很相关。至于时机：我在当前岗位上已经做到头了，团队正在转向维护工作，而我想和用户一起构建新东西。”",
    },
    keyPoints: [
      kp(
        "Relevant experience you bring",
        "你带来的相关经验",
        "experience|years|i've built|i have built|background|skills|relevant",
        "经验|年|做过|背景|技能|相关",
      ),
      kp(
        "Specific knowledge of the role/company",
        "对岗位/公司的具体了解",
        "your product|your company|this role|blog|mission|your team|used your",
        "你们的产品|贵公司|这个岗位|博客|使命|团队",
      ),
      kp("What you want to learn / growth", "你想学习什么 / 成长方向", "grow*|learn*|develop*|want more|career|next step", "成长|学习|发展|职业|下一步"),
      kp("Why now (timing)", "为什么是现在（时机）", "why now|timing|right time|ready for|moving to|the moment", "为什么是现在|时机|现在|准备好"),
    ],
  }),
  q({
    id: "bh-21",
    topic: "pressure",
    category: "behavioural",
    difficulty: "medium",
    en: {
      question: "Tell me about a time you were under a lot of pressure. How did you stay effective?",
      reference:
        'Show concrete habits for staying effective — breaking work down, communicating, protecting focus and asking for help — not just "I work well under pressure". Example: "During our peak season I was the only engineer who knew the warehouse integration, and it started failing intermittently while orders were three times normal (situation). I had to keep it running and find the cause (task). I wrote down what I knew and didn\'t, and split the problem: first a safe workaround — automatic retries with alerts — so the warehouse could keep shipping, then the investigation. I told my manager I needed someone to take my other tickets and shield me from meetings for two days, posted a short update twice a day so people stopped asking, and took proper breaks because tired debugging was making me miss things (action). We found a connection-pool leak on day two, no orders were lost, and afterwards I ran two sessions so two more engineers could support the integration (result)."',
    },
    zh: {
      question: "讲一次你承受很大压力的经历。你是如何保持高效的？",
      reference:
        "展示保持高效的具体做法——拆解工作、沟通、保护专注时间、寻求帮助——而不只是说“我抗压能力强”。示例：“在业务高峰季，我是唯一了解仓库系统对接的工程师，而它在订单量是平时三倍的时候开始间歇性出错（情境）。我必须既保证它继续运行，又找出原因（任务）。我写下了已知和未知的情况，把问题拆开：先做一个安全的临时方案——自动重试加告警——让仓库能继续发货，然后再排查。我请上级安排人接手我的其他工单，帮我挡掉两天的会议；每天发两次简短的进展同步，这样大家就不用反复来问；我也保证了正常休息，因为疲劳时排查问题会让我漏掉线索（行动）。第二天我们找到了连接池泄漏的问题，没有丢失任何订单；之后我做了两次分享，让另外两位工程师也能支持这个系统（结果）。”",
    },
    keyPoints: [
      kp(
        "The source and scale of the pressure",
        "压力的来源与程度",
        "pressure|peak|deadline|only one|urgent|stress*|three times",
        "压力|高峰|截止|唯一|紧急|紧张",
      ),
      kp(
        "Breaking the problem down / workaround first",
        "拆解问题 / 先临时止血",
        "split|break* down|step by step|workaround|prioriti*|wrote down",
        "拆解|分解|一步步|临时方案|先|优先|写下",
      ),
      kp(
        "Communicating and asking for help",
        "沟通并寻求帮助",
        "told my manager|asked for help|update*|communicat*|shield*|someone to take",
        "告诉上级|寻求帮助|同步|沟通|挡掉|接手",
      ),
      kp("Looking after focus and energy", "保护专注与精力", "focus|break*|rest|sleep|calm|energy", "专注|休息|睡眠|冷静|精力"),
      kp(
        "Outcome and preventing a repeat",
        "结果及如何避免重演",
        "result*|found|fixed|no orders lost|afterwards|knowledge shar*|trained|documented",
        "结果|找到|修复|之后|知识分享|培训|文档",
      ),
    ],
  }),
  q({
    id: "bh-22",
    topic: "ethics",
    category: "behavioural",
    difficulty: "hard",
    en: {
      question: "Tell me about a time you were asked to do something you felt was wrong or cut an important corner. What did you do?",
      reference:
        "Show integrity with judgement: raise the concern clearly and early, propose a right way that still meets the goal, escalate if needed — without being self-righteous. Example: \"Before a launch, a product manager asked me to ship a sign-up flow that pre-ticked consent to marketing emails, to boost the subscriber numbers we'd promised (situation). I thought it broke our privacy policy and probably the law in some markets (task). I explained my concern to him privately, with the relevant section of the policy, and suggested an alternative: an unticked box with a clear benefit message, which we could A/B test against the current design. He was under pressure and disagreed, so I suggested we ask the legal team together rather than going over his head (action). Legal confirmed pre-ticking wasn't allowed in the EU; the unticked version still converted at 31%, and the PM later thanked me for not letting it slide (result).\"",
    },
    zh: {
      question: "讲一次别人要求你做你认为不对的事、或者在重要环节上偷工减料的经历。你是怎么做的？",
      reference:
        "展示有判断力的正直：清楚且尽早地提出顾虑，提出一个仍能达成目标的正确做法，必要时升级——但不要显得自以为是。示例：“上线前，一位产品经理要求我上线一个默认勾选‘同意接收营销邮件’的注册流程，以提高我们承诺过的订阅人数（情境）。我认为这违反了我们的隐私政策，在一些市场可能也违法（任务）。我私下向他说明了我的顾虑，并附上政策的相关条款，同时提出替代方案：不默认勾选，但配上清晰的利益说明，再与当前设计做 A/B 测试。他压力很大，不同意，于是我建议我们一起去问法务，而不是越过他向上反映（行动）。法务确认在欧盟不允许默认勾选；不勾选的版本转化率仍有 31%，这位产品经理后来还感谢我没有让这件事蒙混过去（结果）。”",
    },
    keyPoints: [
      kp(
        "The request and why it was wrong",
        "请求内容以及为什么不对",
        "asked me to|wrong|policy|law|legal|unethical|privacy|risk*|cut corner*",
        "要求我|不对|政策|法律|违规|隐私|风险|偷工减料",
      ),
      kp(
        "Raising the concern clearly and early",
        "清楚而及早地提出顾虑",
        "raised|explained my concern|told him|told her|privately|early|spoke up",
        "提出|说明顾虑|告诉|私下|及早|表达",
      ),
      kp(
        "Proposing an alternative that meets the goal",
        "提出能达成目标的替代方案",
        "alternative|instead|suggested|proposed|a/b|option",
        "替代|改为|建议|提议|A/B|方案",
      ),
      kp("Escalating appropriately", "恰当地升级", "escalat*|legal team|compliance|manager|together|over his head|over her head", "升级|法务|合规|上级|一起"),
      kp("Outcome", "结果", "result*|confirmed|outcome|thanked|%", "结果|确认|感谢|%"),
    ],
  }),
];
