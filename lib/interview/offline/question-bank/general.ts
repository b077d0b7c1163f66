import { forArea, kp } from "./types";

/**
 * General questions that fit any role — they carry interviews for roles the bank has no area
 * for (designer, accountant, teacher …) and round out the others. Written for Panelist.
 */
const q = forArea("general");

export const GENERAL = [
  q({
    id: "ge-01",
    topic: "introduction",
    category: "project",
    difficulty: "easy",
    en: {
      question: "Tell me about yourself and what brings you to this role.",
      reference:
        'Keep it to about two minutes and make it a story that leads to this role: present, past, future. Present — what you do now and your main responsibility ("I\'m a data analyst in a retail company, responsible for pricing reports used by 40 store managers"). Past — one or two experiences or achievements that show the skills this role needs, with a result ("I automated the weekly reporting, cutting it from two days to two hours"). Future — why this role is the logical next step and what attracts you about it ("I want to move from reporting what happened to building models that decide prices, which is what this team does"). Leave out your life story, hobbies and anything not relevant; end by handing back to the interviewer.',
    },
    zh: {
      question: "请介绍一下你自己，以及你为什么来应聘这个岗位。",
      reference:
        "控制在两分钟左右，讲成一个通向这个岗位的故事：现在、过去、未来。现在——你目前在做什么、主要职责是什么（“我在一家零售公司做数据分析师，负责 40 位门店经理使用的定价报表”）。过去——一两段能体现这个岗位所需技能的经历或成就，并带上结果（“我把每周的报表自动化了，从两天缩短到两小时”）。未来——为什么这个岗位是顺理成章的下一步、它吸引你的地方（“我想从报告已经发生的事，转向构建决定价格的模型，这正是这个团队在做的事”）。不要讲人生经历、兴趣爱好等不相关的内容；最后把话题交还给面试官。",
    },
    keyPoints: [
      kp(
        "Current role and responsibility",
        "目前的角色与职责",
        "currently|i'm a|i am a|my role|responsible for|i work|right now",
        "目前|现在|我是|我的职责|负责|我在",
      ),
      kp(
        "Relevant experience or achievement with a result",
        "相关经历或成就及结果",
        "experience|achiev*|result*|%|built|led|improved|reduced|years",
        "经历|经验|成就|结果|%|开发|主导|提升|降低|年",
      ),
      kp("Skills that match the role", "与岗位匹配的技能", "skill*|strength*|good at|expertise|relevant", "技能|优势|擅长|专长|相关"),
      kp(
        "Why this role is the next step",
        "为什么这个岗位是下一步",
        "next step|this role|why|attract*|want to|interested|motivat*",
        "下一步|这个岗位|为什么|吸引|希望|感兴趣|动力",
      ),
    ],
  }),
  q({
    id: "ge-02",
    topic: "project-walkthrough",
    category: "project",
    difficulty: "easy",
    en: {
      question: "Walk me through a project or piece of work you're proud of, from start to finish.",
      reference:
        "Choose work that is relevant and that you can talk about in depth. Set the context (what problem, for whom, why it mattered), your role and the team, then the approach: the main decisions you made, alternatives you rejected and why, and the hardest problem and how you solved it. End with the outcome in numbers if possible and what you would do differently now. Example outline: \"Our customer-support team answered the same 20 questions all day (context). I led a three-person project to build a help centre with search (role). We chose an off-the-shelf platform over building our own to launch in six weeks; the hardest part was rewriting 200 articles in customers' words, which we did from real ticket phrases (decisions). Ticket volume fell 25% in three months (result). Today I'd involve support agents earlier.\"",
    },
    zh: {
      question: "请从头到尾讲讲一个你引以为豪的项目或工作成果。",
      reference:
        "选一个相关的、你能深入讲清楚的工作。先交代背景（解决什么问题、为谁解决、为什么重要），你的角色和团队，然后是做法：你做出的主要决定、放弃的备选方案及原因、最难的问题以及你如何解决的。最后尽量用数字说明结果，并说说如果现在重做会有什么不同。示例框架：“我们的客服团队整天回答同样的 20 个问题（背景）。我带领三个人做了一个带搜索功能的帮助中心（角色）。为了六周内上线，我们选择了现成的平台而不是自研；最难的是用客户的语言重写 200 篇文章，我们根据真实工单中的说法来写（决策）。三个月内工单量下降了 25%（结果）。如果现在重做，我会更早让客服人员参与。”",
    },
    keyPoints: [
      kp(
        "Context: the problem and why it mattered",
        "背景：问题及其重要性",
        "problem|context|goal|because|users|customer*|why",
        "问题|背景|目标|因为|用户|客户|为什么",
      ),
      kp(
        "Your role and the team",
        "你的角色与团队",
        "my role|i led|i was responsible|i owned|team of|i built|i designed",
        "我的角色|我负责|我主导|团队|我开发|我设计",
      ),
      kp(
        "Key decisions, alternatives and trade-offs",
        "关键决策、备选方案与取舍",
        "decid*|chose|instead of|alternative*|trade-off*|tradeoff*|option*",
        "决定|选择|而不是|备选|取舍|方案",
      ),
      kp("The hardest problem and how you solved it", "最难的问题及解决方法", "hardest|difficult*|challeng*|solved|problem was", "最难|困难|挑战|解决"),
      kp("Measurable outcome and reflection", "可衡量的结果与反思", "result*|%|reduc*|increas*|improv*|differently|learn*", "结果|%|降低|提升|改进|不同|学到"),
    ],
  }),
  q({
    id: "ge-03",
    topic: "quality",
    category: "role-specific",
    difficulty: "medium",
    en: {
      question: "How do you make sure the quality of your work is high?",
      reference:
        'Describe a system rather than "I\'m careful". Start by making sure the goal and the standard are clear — what does good look like, who will use it, what are the requirements. While working, break the work into parts you can check, and build checks in: tests or checklists, reconciling numbers against a second source, templates for recurring work. Before delivering, review your own work after a pause and, for important work, ask a colleague to review it; a fresh pair of eyes catches what you can\'t. After delivering, seek feedback from the people who use it and track errors that got through, then change the process so that kind of error can\'t happen again. Give an example: "After a pricing error reached a client, I added a reconciliation step to our monthly report; there have been no similar errors in the 14 months since."',
    },
    zh: {
      question: "你如何确保自己的工作质量很高？",
      reference:
        "描述一套做法，而不是“我很细心”。先确保目标和标准清晰——什么算好、谁会使用、有哪些要求。工作过程中，把工作拆成可以检查的部分，并把检查内建进去：测试或检查清单、与第二个数据源核对数字、为重复性工作准备模板。交付前，隔一段时间再检查一遍自己的工作；对重要的工作，请同事帮忙评审——新的视角能发现你自己看不到的问题。交付后，向使用者征求反馈，记录漏出去的错误，然后改进流程，让同类错误不可能再发生。举个例子：“一次定价错误被客户发现后，我在月度报告中加了一个核对步骤；之后的 14 个月里再没出现过类似的错误。”",
    },
    keyPoints: [
      kp(
        "Clear goals and standards up front",
        "事先明确目标与标准",
        "requirement*|standard*|clear|what good looks like|expectation*|goal*",
        "需求|标准|明确|预期|目标",
      ),
      kp(
        "Built-in checks: tests, checklists, reconciliation",
        "内建检查：测试、清单、核对",
        "test*|checklist*|check*|reconcil*|verify|template*|automat*",
        "测试|清单|检查|核对|验证|模板|自动化",
      ),
      kp("Review by others", "请他人评审", "review*|colleague*|peer*|second pair of eyes|fresh eyes|feedback", "评审|审核|同事|复核|反馈"),
      kp(
        "Learning from errors and improving the process",
        "从错误中学习并改进流程",
        "error*|mistake*|root cause|process|improv*|prevent*|never again",
        "错误|失误|根因|流程|改进|防止",
      ),
      kp("A concrete example", "一个具体的例子", "for example|example|once|after|since|months", "例如|比如|举例|一次|之后|从那以后"),
    ],
  }),
  q({
    id: "ge-04",
    topic: "organisation",
    category: "role-specific",
    difficulty: "medium",
    en: {
      question: "How do you organise your work when you have many tasks and requests at the same time?",
      reference:
        "Capture everything in one place — a task list or board — so nothing lives only in your head or inbox. Prioritise by importance and urgency, with importance defined by your team's goals; be explicit about the top two or three things for the week. Plan time for deep work in blocks and batch small tasks such as emails. When a new request arrives, clarify its deadline and impact and decide openly — do it, schedule it, delegate it or say no, explaining the trade-off to the requester or your manager. Review the list at the start of each day and week, and renegotiate early when something will slip rather than at the deadline. A short example of a busy period and how this worked makes the answer credible.",
    },
    zh: {
      question: "当你同时有很多任务和请求时，你如何安排自己的工作？",
      reference:
        "把所有事情记在一个地方——任务清单或看板——不让任何事情只存在于脑子里或邮箱里。按重要性和紧急程度排序，重要性由团队目标来定义；明确本周最重要的两三件事。为需要专注的工作安排整块时间，把邮件等小事集中处理。有新请求时，先弄清它的截止时间和影响，再明确地决定——马上做、排期、委派，或者拒绝，并向提出者或上级说明其中的取舍。每天和每周开始时回顾清单；发现有事会延误时尽早重新协商，而不是等到截止日。再举一个忙碌时期的简短例子，说明这套方法如何起作用，回答会更有说服力。",
    },
    keyPoints: [
      kp(
        "One place to capture everything",
        "在一个地方记录所有事情",
        "list|board|one place|capture|write down|tracker|jira|trello|to-do",
        "清单|看板|记录|写下|待办|一个地方",
      ),
      kp(
        "Prioritise by importance and urgency (goals)",
        "按重要性和紧急程度排序（目标）",
        "priorit*|importan*|urgen*|eisenhower|impact|goal*",
        "优先级|重要|紧急|四象限|影响|目标",
      ),
      kp(
        "Time blocking / focus and batching",
        "时间块 / 专注与批处理",
        "time block*|block* time|focus|deep work|batch*|calendar|schedule",
        "时间块|专注|集中处理|日历|排期",
      ),
      kp(
        "Handle new requests: clarify, delegate, say no",
        "处理新请求：澄清、委派、拒绝",
        "clarif*|delegat*|say no|push back|negotiat*|trade-off*",
        "澄清|委派|拒绝|协商|取舍",
      ),
      kp(
        "Regular review and early renegotiation",
        "定期回顾并尽早重新协商",
        "review*|daily|weekly|early|renegotiat*|communicat*|update*",
        "回顾|每天|每周|尽早|重新协商|沟通|同步",
      ),
    ],
  }),
  q({
    id: "ge-05",
    topic: "onboarding-yourself",
    category: "role-specific",
    difficulty: "medium",
    en: {
      question: "How do you get up to speed when you join a new team or move into an unfamiliar area?",
      reference:
        "Learn the context before changing things. In the first weeks, meet the people you'll work with — your manager, teammates, key partners — and ask what they need from your role, what works and what doesn't, and who else to talk to. Read what exists (documentation, past decisions, dashboards, recent incidents or customer feedback) and keep a list of questions and a glossary of terms. Get hands-on quickly with a small, real task, which teaches more than reading and builds trust. Agree with your manager on what success looks like at 30, 60 and 90 days, ask for feedback early, and only then propose bigger changes — with the understanding of why things are the way they are. Give an example of a time this worked.",
    },
    zh: {
      question: "当你加入一个新团队或进入一个不熟悉的领域时，你如何快速上手？",
      reference:
        "先了解背景，再去改变。最初几周，与将要合作的人见面——上级、同事、重要的合作方——问问他们对你这个角色有什么期待、哪些做得好、哪些不好、还应该找谁聊。阅读已有的资料（文档、过往的决策、数据看板、近期的事故或客户反馈），记下问题清单和术语表。尽快上手一个小而真实的任务，这比阅读学到的更多，也能建立信任。与上级约定 30、60、90 天时成功的标准，尽早征求反馈，在理解事情为什么是现在这样之后，再提出较大的改变。举一个这样做有效的例子。",
    },
    keyPoints: [
      kp(
        "Talk to people: manager, team, partners",
        "与人交流：上级、团队、合作方",
        "meet*|talk* to|one-on-one*|1:1|ask*|manager|teammate*|stakeholder*",
        "交流|见面|一对一|请教|上级|同事|相关方",
      ),
      kp("Read documentation and history", "阅读文档和历史资料", "document*|docs|read*|wiki|history|past decisions|codebase", "文档|阅读|资料|历史|过往|代码"),
      kp(
        "A small real task early (hands-on)",
        "尽早上手一个小而真实的任务",
        "small task|hands-on|first task|quick win*|start with|real task",
        "小任务|动手|上手|第一个任务|小胜利",
      ),
      kp(
        "Agree on expectations (30/60/90) and ask for feedback",
        "约定预期（30/60/90 天）并征求反馈",
        "30|60|90|expectation*|success looks like|feedback|goals",
        "30|60|90|预期|成功标准|反馈|目标",
      ),
      kp("Understand before changing things", "先理解再改变", "understand* why|before chang*|context|listen first|observe", "先理解|再改变|背景|先倾听|观察"),
    ],
  }),
  q({
    id: "ge-06",
    topic: "measuring-success",
    category: "role-specific",
    difficulty: "medium",
    en: {
      question: "What does success look like in your role, and how do you measure it?",
      reference:
        "Success is about outcomes for the people your work serves, not the volume of activity. Start by naming who benefits from your work — customers, colleagues, the business — and the outcome they need. Then give the measures you use: a few concrete indicators tied to those outcomes (for a support role, resolution time and satisfaction; for an engineer, reliability and delivery of features that users adopt; for a recruiter, time-to-hire and the quality of hires after six months), plus qualitative signals such as feedback from stakeholders. Explain how you check them regularly and what you did when a measure told you something was off. Mention the pitfalls — optimising one metric at the expense of what matters — and how you guard against that.",
    },
    zh: {
      question: "在你的岗位上，什么算成功？你如何衡量它？",
      reference:
        "成功体现在你的工作所服务的人获得的结果上，而不是做了多少事。先说清楚谁从你的工作中受益——客户、同事、公司——以及他们需要的结果。然后给出你使用的衡量方式：几个与这些结果挂钩的具体指标（对客服岗位来说是解决时长和满意度；对工程师来说是系统可靠性以及交付了用户真正使用的功能；对招聘来说是招聘周期和入职半年后的人员质量），再加上相关方的反馈等定性信号。说明你如何定期检查这些指标，以及某个指标显示有问题时你做了什么。还要提到陷阱——为了优化一个指标而损害真正重要的东西——以及你如何防范。",
    },
    keyPoints: [
      kp(
        "Outcomes for the people served, not activity",
        "为服务对象带来的结果，而不是工作量",
        "outcome*|impact|customer*|users|not activity|value|benefit*",
        "结果|影响|客户|用户|而不是|价值|受益",
      ),
      kp(
        "Concrete metrics tied to outcomes",
        "与结果挂钩的具体指标",
        "metric*|kpi*|measure*|indicator*|rate|time|satisfaction|%",
        "指标|KPI|衡量|比率|时长|满意度|%",
      ),
      kp(
        "Qualitative signals and stakeholder feedback",
        "定性信号与相关方反馈",
        "feedback|qualitative|stakeholder*|survey*|review*",
        "反馈|定性|相关方|调研|评价",
      ),
      kp(
        "Regular review and acting on the signal",
        "定期检查并据此行动",
        "regular*|weekly|monthly|review*|acted|adjust*|was off|off track",
        "定期|每周|每月|检查|调整|行动",
      ),
      kp(
        "Avoiding metric pitfalls",
        "避免指标陷阱",
        "pitfall*|gaming|at the expense|goodhart|vanity|balance|guardrail*",
        "陷阱|刷指标|代价|虚荣指标|平衡|护栏",
      ),
    ],
  }),
  q({
    id: "ge-07",
    topic: "process-change",
    category: "project",
    difficulty: "hard",
    en: {
      question: "Describe a change you introduced in how your team or organisation works. How did you get people to adopt it?",
      reference:
        "Show the full arc: evidence of the problem, a designed change, bringing people along, and measured impact. Example: \"Handovers between our day and night shifts were verbal, and issues fell through the cracks — we traced four customer complaints in a month to missed handovers (problem with evidence). I proposed a short written handover template. Rather than imposing it, I drafted it with two people from each shift, tried it for two weeks on one team, and adjusted it after their feedback — it became shorter, and the night shift added a 'waiting on' section (design with those affected). I shared the pilot results at the team meeting, and the shift leads introduced it to their teams themselves (adoption). Complaints linked to handovers fell to zero in the following quarter, and another department copied the template (impact).\"",
    },
    zh: {
      question: "描述一次你在团队或组织工作方式上推动的改变。你是如何让大家接受的？",
      reference:
        "展示完整的过程：问题的证据、经过设计的改变、带动大家参与、可衡量的影响。示例：“我们白班和夜班之间的交接全靠口头，问题经常被遗漏——我们追查到一个月内有四起客户投诉源于交接遗漏（有证据的问题）。我提议使用一份简短的书面交接模板。我没有强行推行，而是和每个班次各两位同事一起起草，在一个小组里试用两周，并根据他们的反馈做了调整——模板变得更短，夜班还加了一栏“待跟进”（与受影响的人一起设计）。我在团队会议上分享了试点结果，由各班组长亲自向自己的团队推行（推广）。下一个季度与交接相关的投诉降为零，另一个部门也照搬了这份模板（影响）。”",
    },
    keyPoints: [
      kp("Evidence of the problem", "问题的证据", "evidence|data|traced|complaint*|problem|measured|incident*", "证据|数据|追查|投诉|问题|度量|事故"),
      kp(
        "Designing the change with the people affected",
        "与受影响的人一起设计改变",
        "together|with two|involv*|drafted with|co-design*|feedback|asked",
        "一起|共同|参与|起草|反馈|征求",
      ),
      kp("Piloting and adjusting", "试点与调整", "pilot|trial|tried it|two weeks|adjust*|iterat*|small scale", "试点|试用|试行|调整|迭代|小范围"),
      kp(
        "Getting adoption (champions, sharing results)",
        "推动采纳（支持者、分享结果）",
        "adopt*|champion*|shared|present*|rolled out|buy-in|introduced",
        "采纳|推广|支持者|分享|推行|认同",
      ),
      kp("Measured impact", "可衡量的影响", "result*|impact|%|fell|reduc*|improv*|zero|copied", "结果|影响|%|下降|降低|提升|为零"),
    ],
  }),
  q({
    id: "ge-08",
    topic: "career-goals",
    category: "role-specific",
    difficulty: "hard",
    en: {
      question: "Where do you see your career in three to five years, and how does this role fit into that?",
      reference:
        "Be honest and specific without promising to stay forever or sounding as if this job is a stepping stone elsewhere. Describe a direction, not a title: the kind of problems you want to be trusted with and the skills you want to build (\"I want to become someone who can own a product area end to end — from talking to customers to deciding what we build — and I'd like to start mentoring others\"). Connect it to this role: what it gives you that your current one doesn't, and what you'll contribute while you grow. Show that you have a realistic plan — what you are already doing towards it, such as courses, side projects or taking on responsibilities — and that you are open to the path changing as you learn more.",
    },
    zh: {
      question: "你认为自己三到五年后的职业发展会是什么样？这个岗位在其中处于什么位置？",
      reference:
        "真诚而具体，不要承诺永远不走，也不要听起来像把这份工作当跳板。描述一个方向而不是一个头衔：你希望被托付什么样的问题、想要培养哪些能力（“我希望成为能端到端负责一个产品领域的人——从和客户交流到决定做什么——并且开始带新人”）。把它和这个岗位联系起来：它能给你什么是当前岗位给不了的，以及你在成长的同时会做出什么贡献。展示你有一个现实的计划——你已经在为此做的事，比如课程、业余项目或主动承担的职责——并且愿意随着认识的加深调整方向。",
    },
    keyPoints: [
      kp(
        "A direction: problems and responsibilities you want",
        "一个方向：希望承担的问题与职责",
        "direction|own|responsib*|lead*|expert*|problems|become|grow into",
        "方向|负责|职责|带领|专家|成为|成长",
      ),
      kp("Skills you want to build", "想要培养的能力", "skill*|learn*|develop*|get better at|improve", "能力|技能|学习|提升|培养"),
      kp(
        "How this role fits (and what you contribute)",
        "这个岗位如何契合（以及你的贡献）",
        "this role|this position|this team|fit*|contribut*|offers|gives me",
        "这个岗位|这个职位|这个团队|契合|贡献|能给我",
      ),
      kp(
        "A realistic plan already under way",
        "一个已经在执行的现实计划",
        "plan|course*|already|side project*|currently|taking on",
        "计划|课程|已经|业余项目|目前|正在",
      ),
    ],
  }),
  q({
    id: "ge-09",
    topic: "strengths-weaknesses",
    category: "behavioural",
    difficulty: "easy",
    en: {
      question: "What is your greatest strength, and what is one weakness you are working on?",
      reference:
        'For the strength, pick one that matters for this role and prove it with a short example and result, rather than listing adjectives ("I\'m good at turning messy problems into clear plans — when our launch slipped twice, I rebuilt the plan with the three teams and we shipped on the new date"). For the weakness, choose a real one that isn\'t a core requirement of the job and isn\'t a disguised strength like "I work too hard". Explain how it has affected your work, what you are doing about it and the progress so far ("I used to avoid presenting to large groups; I joined our internal talks programme, have given four talks this year, and ask for feedback after each"). Self-awareness and action are what the interviewer is listening for.',
    },
    zh: {
      question: "你最大的优点是什么？你正在改进的一个缺点是什么？",
      reference:
        "优点要选一个对这个岗位重要的，并用一个简短的例子和结果来证明，而不是罗列形容词（“我擅长把混乱的问题变成清晰的计划——我们的上线两次延期后，我和三个团队一起重新制定了计划，最终在新日期按时上线”）。缺点要选一个真实的、但不是岗位核心要求的，也不要是“我工作太拼”这种变相的优点。说明它对你的工作有什么影响、你正在怎么改进以及目前的进展（“我以前回避在很多人面前演讲；我报名了公司内部的分享计划，今年已经讲了四次，每次之后都会征求反馈”）。面试官想听到的是自我认知和实际行动。",
    },
    keyPoints: [
      kp("A strength relevant to the role", "与岗位相关的优点", "strength|good at|strong|skill*|relevant", "优点|优势|擅长|能力|相关"),
      kp("Proof: an example with a result", "证据：带结果的例子", "for example|example|when|result*|shipped|%", "例如|比如|举例|当时|结果|%"),
      kp(
        "A genuine weakness (not a disguised strength)",
        "一个真实的缺点（不是变相的优点）",
        "weakness|used to|struggle*|not good at|avoid*|difficult for me",
        "缺点|不足|以前|不擅长|回避|困难",
      ),
      kp(
        "Concrete steps and progress on it",
        "具体的改进行动与进展",
        "working on|improv*|practic*|course*|joined|feedback|progress|now i",
        "正在改进|提升|练习|课程|参加|反馈|进展|现在我",
      ),
    ],
  }),
  q({
    id: "ge-10",
    topic: "communication",
    category: "behavioural",
    difficulty: "medium",
    en: {
      question: "How do you explain a complicated idea to someone who doesn't share your expertise?",
      reference:
        'Start from the listener: what do they already know, and what do they need to do with the information — decide, approve, use it? Lead with the conclusion or recommendation, then give only the reasoning they need. Replace jargon with plain words, use a concrete example or an analogy from their world, and a simple picture or numbers where they help. Keep it short and check understanding by asking them to say what they\'ll do next or to explain it back, rather than asking "does that make sense?". Follow up in writing for anything they need to act on. A brief example — how you explained a technical risk to a manager or a policy to a customer, and what they did as a result — shows you can actually do it.',
    },
    zh: {
      question: "你如何向不具备你专业背景的人解释一个复杂的想法？",
      reference:
        "从听的人出发：他们已经知道什么？他们拿到这些信息后要做什么——做决定、审批，还是使用？先讲结论或建议，再只给出他们需要的理由。把术语换成通俗的说法，用他们熟悉领域里的具体例子或类比，在有帮助的地方用简单的图或数字。保持简短，通过请对方说说接下来要做什么或复述一遍来确认理解，而不是问“听明白了吗？”。需要对方行动的内容，事后再用书面形式跟进。举一个简短的例子——你如何向上级解释一个技术风险，或向客户解释一项政策，以及对方因此做了什么——能证明你真的做得到。",
    },
    keyPoints: [
      kp(
        "Start from the audience and what they need",
        "从听众及其需求出发",
        "audience|listener|what they know|what they need|decide|their goal",
        "听众|对方|他们知道|需要|决定|目标",
      ),
      kp(
        "Conclusion first, then reasoning",
        "结论先行，再讲理由",
        "conclusion first|lead with|bottom line|recommendation|start with the|summary",
        "结论先行|先讲结论|先说|建议|总结",
      ),
      kp(
        "Plain language, examples and analogies",
        "通俗语言、例子与类比",
        "jargon|plain|simple|analog*|example*|metaphor|picture|diagram",
        "术语|通俗|简单|类比|例子|比喻|图",
      ),
      kp(
        "Check understanding and follow up",
        "确认理解并跟进",
        "check* understanding|explain it back|ask them|follow up|in writing|confirm*",
        "确认理解|复述|请对方|跟进|书面|确认",
      ),
    ],
  }),
];
