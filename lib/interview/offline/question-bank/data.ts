import { forArea, kp } from "./types";

/** Data engineering and analytics: SQL, modelling, pipelines, quality, metrics, experiments. Written for Panelist. */
const q = forArea("data");

export const DATA = [
  q({
    id: "da-01",
    topic: "sql-joins",
    category: "technical",
    difficulty: "easy",
    en: {
      question: "Explain the difference between INNER JOIN, LEFT JOIN and FULL OUTER JOIN, and a mistake people make with joins.",
      reference:
        "An INNER JOIN returns only rows that have a match on both sides. A LEFT JOIN returns every row of the left table, with the right table's columns filled with NULL where there is no match — e.g. all customers including those with no orders. A FULL OUTER JOIN returns all rows from both sides, matched where possible and NULL-padded otherwise, useful for reconciling two sources. Common mistakes: joining on a key that is not unique on one side, which multiplies rows and inflates sums (fan-out) — check the grain before aggregating; and putting a filter on the right table in the WHERE clause after a LEFT JOIN, which discards the NULL rows and silently turns it into an inner join — the condition belongs in the ON clause.",
    },
    zh: {
      question: "解释 INNER JOIN、LEFT JOIN 和 FULL OUTER JOIN 的区别，并说一个大家在使用 JOIN 时常犯的错误。",
      reference:
        "INNER JOIN 只返回两边都能匹配上的行。LEFT JOIN 返回左表的所有行，右表没有匹配时右表的列填 NULL——例如列出所有客户，包括没有订单的客户。FULL OUTER JOIN 返回两边的所有行，能匹配的匹配，不能匹配的补 NULL，适合核对两个数据源。常见错误：用一侧不唯一的键做关联，导致行数翻倍、求和被放大（扇出）——聚合前要确认数据粒度；在 LEFT JOIN 之后把对右表的过滤条件写在 WHERE 中，会丢掉 NULL 行，悄悄变成了内连接——这个条件应当写在 ON 子句里。",
    },
    keyPoints: [
      kp("INNER: only matching rows", "INNER：只返回匹配的行", "inner join|inner|only match*|both sides|both tables", "内连接|INNER|匹配|两边都"),
      kp("LEFT: all left rows, NULLs where no match", "LEFT：保留左表所有行，未匹配补 NULL", "left join|left|null*|all rows", "左连接|LEFT|NULL|空值|所有行"),
      kp("FULL OUTER: all rows from both sides", "FULL OUTER：两边的所有行", "full outer|full join|outer join|both", "全外连接|FULL|外连接"),
      kp(
        "Pitfalls: fan-out from non-unique keys; WHERE after LEFT JOIN",
        "陷阱：非唯一键导致扇出；LEFT JOIN 后的 WHERE 条件",
        "duplicat*|fan-out|fan out|multipl*|grain|not unique|where clause|on clause",
        "重复|扇出|翻倍|粒度|不唯一|WHERE|ON",
      ),
    ],
  }),
  q({
    id: "da-02",
    topic: "sql-aggregation",
    category: "technical",
    difficulty: "easy",
    en: {
      question: "What's the difference between WHERE and HAVING, and how do GROUP BY and aggregate functions work together?",
      reference:
        "GROUP BY collapses rows that share the same values of the grouping columns into one row per group, and aggregate functions (COUNT, SUM, AVG, MIN, MAX) compute a value over each group's rows. Every selected column must either be in the GROUP BY or inside an aggregate. WHERE filters individual rows before grouping and cannot refer to aggregates; HAVING filters groups after aggregation, e.g. HAVING COUNT(*) > 5 to keep customers with more than five orders. The logical order is FROM/JOIN → WHERE → GROUP BY → HAVING → SELECT → ORDER BY → LIMIT, which is also why filtering early in WHERE is usually cheaper. Watch COUNT(column) versus COUNT(*): the former skips NULLs.",
    },
    zh: {
      question: "WHERE 和 HAVING 有什么区别？GROUP BY 和聚合函数是如何配合工作的？",
      reference:
        "GROUP BY 把分组列取值相同的行合并成每组一行，聚合函数（COUNT、SUM、AVG、MIN、MAX）在每组的行上计算出一个值。SELECT 中的每一列要么出现在 GROUP BY 中，要么在聚合函数里。WHERE 在分组之前过滤单行，不能引用聚合结果；HAVING 在聚合之后过滤分组，例如 HAVING COUNT(*) > 5 只保留订单数超过 5 的客户。逻辑执行顺序是 FROM/JOIN → WHERE → GROUP BY → HAVING → SELECT → ORDER BY → LIMIT，这也是为什么尽早在 WHERE 中过滤通常更省资源。注意 COUNT(列) 与 COUNT(*) 的区别：前者会忽略 NULL。",
    },
    keyPoints: [
      kp("WHERE filters rows before grouping", "WHERE 在分组前过滤行", "where|before group*|individual rows|before aggregat*", "WHERE|分组前|过滤行"),
      kp("HAVING filters groups after aggregation", "HAVING 在聚合后过滤分组", "having|after aggregat*|after group*", "HAVING|聚合后|分组后"),
      kp(
        "GROUP BY with aggregate functions; selected columns rule",
        "GROUP BY 配合聚合函数；SELECT 列的规则",
        "group by|aggregate*|count|sum|avg",
        "GROUP BY|聚合函数|COUNT|SUM|分组",
      ),
      kp(
        "Logical execution order",
        "逻辑执行顺序",
        "order of execution|execution order|logical order|evaluated|processed before|runs before",
        "执行顺序|先后顺序",
      ),
    ],
  }),
  q({
    id: "da-03",
    topic: "window-functions",
    category: "technical",
    difficulty: "easy",
    en: {
      question: "What are SQL window functions? Give an example of a problem they solve.",
      reference:
        "A window function computes a value over a set of rows related to the current row without collapsing them the way GROUP BY does, so each row keeps its detail and gains the computed column. The window is defined with OVER (PARTITION BY … ORDER BY … ROWS BETWEEN …). Examples: ROW_NUMBER() OVER (PARTITION BY customer_id ORDER BY created_at DESC) = 1 picks each customer's latest order (deduplication); RANK/DENSE_RANK for top-N per group; SUM(amount) OVER (ORDER BY day) for a running total; LAG(revenue) OVER (ORDER BY month) for month-over-month change; AVG over the last 7 rows for a moving average. They replace awkward self-joins and correlated subqueries.",
    },
    zh: {
      question: "什么是 SQL 窗口函数？举一个它能解决的问题的例子。",
      reference:
        "窗口函数在与当前行相关的一组行上计算一个值，但不像 GROUP BY 那样把行合并，所以每一行保留明细，并多出一个计算列。窗口用 OVER (PARTITION BY … ORDER BY … ROWS BETWEEN …) 定义。例如：ROW_NUMBER() OVER (PARTITION BY customer_id ORDER BY created_at DESC) = 1 取每个客户最新的订单（去重）；RANK/DENSE_RANK 求每组前 N 名；SUM(amount) OVER (ORDER BY day) 算累计值；LAG(revenue) OVER (ORDER BY month) 算环比变化；对最近 7 行求 AVG 得到移动平均。它们可以替代别扭的自连接和相关子查询。",
    },
    keyPoints: [
      kp(
        "Computes across related rows without collapsing them",
        "在相关行上计算，但不合并行",
        "without collaps*|keeps* the rows|each row|not collapse|unlike group by|per row",
        "不合并|保留明细|每一行|不聚合",
      ),
      kp("OVER with PARTITION BY / ORDER BY", "OVER 子句配合 PARTITION BY/ORDER BY", "over|partition by|order by", "OVER|PARTITION BY|分区|ORDER BY"),
      kp(
        "Ranking: ROW_NUMBER / RANK (top-N, dedup)",
        "排名：ROW_NUMBER/RANK（Top N、去重）",
        "row_number|rank|dense_rank|top-n|top n|dedup*|latest",
        "ROW_NUMBER|RANK|排名|Top N|去重|最新",
      ),
      kp(
        "Running totals, LAG/LEAD, moving averages",
        "累计值、LAG/LEAD、移动平均",
        "running total*|cumulative|lag|lead|moving average|rolling",
        "累计|LAG|LEAD|移动平均|环比|滚动",
      ),
    ],
  }),
  q({
    id: "da-04",
    topic: "warehouse-lake",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "Compare a data warehouse, a data lake and a lakehouse. When would you use each?",
      reference:
        "A data warehouse (Snowflake, BigQuery, Redshift) stores cleaned, structured data in tables with a schema enforced on write, optimised with columnar storage for SQL analytics and BI; it is governed and fast but less suited to raw or unstructured data. A data lake stores raw files of any kind (JSON, Parquet, images, logs) cheaply in object storage, applying a schema on read; it is flexible and good for data science and ML, but without discipline it becomes a swamp with no quality guarantees or transactions. A lakehouse puts open table formats (Delta Lake, Apache Iceberg, Hudi) on the lake files, adding ACID transactions, schema evolution and time travel, so BI and ML can work from one copy. I choose a warehouse for mostly structured BI work, a lake for raw and diverse data, and a lakehouse when both workloads share large data and we want to avoid copying between systems.",
    },
    zh: {
      question: "比较数据仓库、数据湖和湖仓一体（Lakehouse）。你会在什么时候使用哪一种？",
      reference:
        "数据仓库（Snowflake、BigQuery、Redshift）在表中存储清洗过的结构化数据，写入时强制 schema，用列式存储优化 SQL 分析和 BI；治理良好、查询快，但不太适合原始或非结构化数据。数据湖以低成本把任何原始文件（JSON、Parquet、图片、日志）存放在对象存储中，读取时才应用 schema；灵活，适合数据科学和机器学习，但缺乏规范时会变成没有质量保证、没有事务的“数据沼泽”。湖仓一体在数据湖文件上加入开放表格式（Delta Lake、Apache Iceberg、Hudi），提供 ACID 事务、schema 演进和时间旅行，让 BI 和机器学习基于同一份数据工作。以结构化 BI 为主时我选数据仓库，原始多样的数据用数据湖，两类负载共享大量数据、希望避免在系统间复制时用湖仓一体。",
    },
    keyPoints: [
      kp(
        "Warehouse: structured, schema-on-write, SQL/BI",
        "数据仓库：结构化、写时定义 schema、面向 SQL/BI",
        "warehouse|schema-on-write|schema on write|structured|bi|snowflake|bigquery|redshift|columnar",
        "数据仓库|数仓|写时|结构化|BI|列式",
      ),
      kp(
        "Lake: raw files, cheap storage, schema-on-read",
        "数据湖：原始文件、廉价存储、读时定义 schema",
        "data lake|lake|raw|schema-on-read|schema on read|object storage|s3|unstructured|swamp",
        "数据湖|原始|读时|对象存储|非结构化|沼泽",
      ),
      kp(
        "Lakehouse: table formats with ACID (Delta/Iceberg)",
        "湖仓一体：带 ACID 的表格式（Delta/Iceberg）",
        "lakehouse|delta|iceberg|hudi|acid|table format*|time travel",
        "湖仓|Delta|Iceberg|Hudi|ACID|表格式",
      ),
      kp(
        "Choice by workload (BI vs ML, data variety)",
        "按负载选择（BI 与机器学习、数据种类）",
        "bi|machine learning|ml|data science|use case*|workload*|depends",
        "BI|机器学习|数据科学|场景|负载",
      ),
    ],
  }),
  q({
    id: "da-05",
    topic: "etl-elt",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "What's the difference between ETL and ELT, and when would you choose each?",
      reference:
        "ETL extracts data from sources, transforms it on a separate processing layer (Spark, an integration tool, custom code) and loads only the transformed result into the target. ELT loads the raw data into the warehouse first and transforms it there with SQL, typically managed with dbt. ELT has become common because cloud warehouses scale compute cheaply: raw data is kept, so transformations can be changed and re-run, and analysts who know SQL can own them, with version control, tests and documentation. ETL is still the better fit when data must be cleaned, masked or filtered before it lands — personal data that must not enter the warehouse — when transformations need non-SQL logic or heavy processing, or when the target is not a warehouse.",
    },
    zh: {
      question: "ETL 和 ELT 有什么区别？你会在什么情况下选择哪一种？",
      reference:
        "ETL 从数据源抽取数据，在一个独立的处理层（Spark、集成工具、自研代码）中转换，再只把转换后的结果加载到目标系统。ELT 先把原始数据加载进数据仓库，再在仓库里用 SQL 做转换，通常用 dbt 管理。ELT 变得流行，是因为云数仓可以廉价地扩展算力：原始数据保留下来，转换逻辑可以修改并重跑，懂 SQL 的分析师也能负责转换，并配合版本控制、测试和文档。在以下情况 ETL 仍然更合适：数据必须在落地前清洗、脱敏或过滤——例如不能进入数仓的个人数据；转换需要非 SQL 逻辑或繁重的计算；目标不是数据仓库。",
    },
    keyPoints: [
      kp("ETL transforms before loading", "ETL 在加载前转换", "etl|before load*|transform first|separate layer|spark", "ETL|加载前|先转换"),
      kp(
        "ELT loads raw data and transforms in the warehouse (dbt)",
        "ELT 先加载原始数据，在仓库中转换（dbt）",
        "elt|load first|raw data|in the warehouse|dbt|sql",
        "ELT|先加载|原始数据|仓库内|dbt|SQL",
      ),
      kp(
        "Cloud warehouse compute and re-runnable transformations",
        "云数仓算力，转换可重跑",
        "scal*|compute|re-run*|rerun*|flexib*|cloud warehouse",
        "扩展|算力|重跑|灵活|云数仓",
      ),
      kp(
        "Privacy / masking before landing favours ETL",
        "落地前需脱敏/过滤时倾向 ETL",
        "pii|personal data|privacy|mask*|sensitive|complian*|gdpr",
        "个人信息|隐私|脱敏|敏感|合规",
      ),
    ],
  }),
  q({
    id: "da-06",
    topic: "dimensional-modelling",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "Explain a star schema: fact tables, dimension tables, and how you handle a dimension attribute that changes over time.",
      reference:
        "A star schema puts measurements in a central fact table — one row per event at a declared grain, e.g. one row per order line, with numeric measures (quantity, amount) and foreign keys — surrounded by dimension tables that describe the who, what, where and when (customer, product, store, date) with descriptive attributes. Dimensions are denormalised so analysts filter and group with simple joins, and the design makes queries fast and understandable. Declaring the grain first is the most important step. For attributes that change, such as a customer's city, slowly changing dimensions: type 1 overwrites the value (history lost), type 2 adds a new row with valid-from/valid-to dates and a current flag so facts keep pointing to the version true at the time, type 3 keeps a previous-value column. Type 2 is the usual choice when history matters for reporting.",
    },
    zh: {
      question: "解释星型模型：事实表、维度表，以及如何处理会随时间变化的维度属性。",
      reference:
        "星型模型把度量放在中心的事实表中——在明确声明的粒度上每个事件一行，例如每个订单明细一行，包含数值度量（数量、金额）和外键——周围是维度表，描述“谁、什么、在哪、何时”（客户、商品、门店、日期）的描述性属性。维度表是反规范化的，分析师用简单的关联就能筛选和分组，查询快且容易理解。最重要的一步是先声明粒度。对于会变化的属性（例如客户所在城市），使用缓慢变化维（SCD）：类型 1 直接覆盖（丢失历史）；类型 2 新增一行，带生效/失效日期和当前标记，使事实记录指向当时有效的版本；类型 3 保留一个“上一个值”列。当报表需要历史时，通常选类型 2。",
    },
    keyPoints: [
      kp("Fact table: measures at a declared grain", "事实表：在声明的粒度上存放度量", "fact table*|fact*|measure*|grain|granularity", "事实表|度量|粒度"),
      kp("Dimension tables: descriptive attributes", "维度表：描述性属性", "dimension table*|dimension*|attribute*|customer|product|date", "维度表|维度|属性"),
      kp("Denormalised for simple, fast queries", "反规范化以便查询简单快速", "denormali*|star|simple join*|fast quer*|bi", "反规范化|星型|简单关联|查询快"),
      kp(
        "Slowly changing dimensions (type 1/2)",
        "缓慢变化维（类型 1/2）",
        "slowly changing|scd|type 2|type 1|valid from|valid_to|history|effective date",
        "缓慢变化维|SCD|类型 2|拉链表|历史|生效",
      ),
    ],
  }),
  q({
    id: "da-07",
    topic: "pipeline-reliability",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "How do you make a daily batch data pipeline reliable and safe to re-run?",
      reference:
        'Make every task idempotent: running it twice for the same date gives the same result, e.g. by overwriting the day\'s partition or using MERGE on a key rather than appending. Parameterise by the logical date instead of "today", so backfills and reruns are just runs for other dates. An orchestrator (Airflow, Dagster) encodes dependencies between tasks, retries transient failures with backoff and alerts on final failure or when the run misses its SLA. Data quality checks between stages — row counts against the previous day, nulls in key columns, uniqueness, freshness — stop bad data from flowing downstream. Writes become visible atomically (write to a staging table or path, then swap), so consumers never read half a day. Logs, run metadata and lineage make it possible to see what ran, on what input, and what it affected.',
    },
    zh: {
      question: "你如何让一个每日批处理数据管道可靠，并且可以安全地重跑？",
      reference:
        "让每个任务幂等：对同一日期运行两次得到相同结果，例如覆盖写当天的分区，或者按键 MERGE 而不是追加。按逻辑日期参数化，而不是用“今天”，这样补数（backfill）和重跑只是针对其他日期的运行。用调度编排工具（Airflow、Dagster）表达任务依赖，对临时故障做退避重试，在最终失败或超过 SLA 时告警。在各阶段之间做数据质量检查——与前一天对比行数、关键列的空值、唯一性、新鲜度——阻止坏数据流向下游。写入要原子地对外可见（先写到临时表或路径，再切换），消费者永远不会读到半天的数据。日志、运行元数据和血缘让你能看到跑了什么、输入是什么、影响了什么。",
    },
    keyPoints: [
      kp(
        "Idempotent tasks (overwrite partitions / MERGE)",
        "任务幂等（覆盖分区 / MERGE）",
        "idempot*|overwrite*|partition*|merge|upsert|insert overwrite",
        "幂等|覆盖|分区|MERGE|upsert",
      ),
      kp(
        "Parameterised by logical date; backfills",
        "按逻辑日期参数化；支持补数",
        "backfill*|logical date|execution date|parameteri*|rerun*|re-run*",
        "补数|回填|逻辑日期|参数化|重跑",
      ),
      kp(
        "Orchestration with dependencies and retries",
        "调度编排：依赖与重试",
        "airflow|dagster|orchestrat*|dag|dependenc*|retr*|scheduler",
        "Airflow|调度|编排|DAG|依赖|重试",
      ),
      kp(
        "Data quality checks between stages",
        "阶段之间的数据质量检查",
        "quality check*|data quality|row count*|null*|great expectations|dbt test*|validat*",
        "质量检查|数据质量|行数|空值|校验",
      ),
      kp("Monitoring, alerting and SLAs", "监控、告警与 SLA", "monitor*|alert*|sla|lineage", "监控|告警|SLA|血缘"),
    ],
  }),
  q({
    id: "da-08",
    topic: "data-quality",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "How do you detect and deal with data quality problems in the data you're responsible for?",
      reference:
        'Define what "good" means per dataset and test it automatically: completeness (nulls in required columns), uniqueness of keys, validity (ranges, allowed values, formats), consistency across tables (orders reference existing customers), freshness (data arrived on time) and volume (row counts within expected bounds, anomaly detection for sudden drops). Tools such as dbt tests or Great Expectations run these in the pipeline; severe failures stop the run, minor ones warn. Many problems start upstream with schema changes, so data contracts with producing teams and schema checks on ingestion catch them early. When something fails, quarantine the bad records instead of silently dropping them, alert the owner, use lineage to see which dashboards are affected and tell their users, then fix the root cause and add a test so it cannot recur unnoticed.',
    },
    zh: {
      question: "对于你负责的数据，你如何发现并处理数据质量问题？",
      reference:
        "为每个数据集定义什么是“好”，并自动化地测试：完整性（必填列的空值）、主键唯一性、有效性（取值范围、枚举值、格式）、跨表一致性（订单引用的客户存在）、及时性（数据按时到达）和数据量（行数在预期范围内，对突然下降做异常检测）。dbt tests 或 Great Expectations 等工具在管道中运行这些检查；严重失败停止运行，轻微问题发出警告。很多问题来自上游的 schema 变更，所以与数据生产方签订数据契约、在接入时做 schema 检查可以尽早发现。出现问题时，把坏数据隔离而不是悄悄丢弃，通知负责人，用血缘找出受影响的看板并告知其用户，然后修复根因并补一个测试，避免问题再次悄无声息地发生。",
    },
    keyPoints: [
      kp(
        "Automated checks: nulls, uniqueness, ranges, freshness, volume",
        "自动检查：空值、唯一性、范围、及时性、数据量",
        "null*|unique*|range*|freshness|volume|row count*|completeness|validity|anomal*",
        "空值|唯一|范围|及时性|新鲜度|数据量|行数|完整性|异常",
      ),
      kp(
        "Tools in the pipeline (dbt tests, Great Expectations)",
        "在管道中使用工具（dbt tests、Great Expectations）",
        "dbt|great expectations|soda|test*|assert*",
        "dbt|Great Expectations|测试|断言",
      ),
      kp(
        "Schema changes and data contracts upstream",
        "上游的 schema 变更与数据契约",
        "schema change*|data contract*|upstream|producer*|schema check*",
        "schema 变更|数据契约|上游|生产方",
      ),
      kp(
        "Quarantine bad data and alert owners",
        "隔离坏数据并通知负责人",
        "quarantin*|alert*|notify*|owner*|stop the pipeline|block*",
        "隔离|告警|通知|负责人|阻断",
      ),
      kp("Lineage and root-cause fixing", "血缘与根因修复", "lineage|root cause|impact*|downstream", "血缘|根因|影响|下游"),
    ],
  }),
  q({
    id: "da-09",
    topic: "metric-drop",
    category: "role-specific",
    difficulty: "medium",
    en: {
      question: "Daily active users dropped 15% yesterday. How do you investigate?",
      reference:
        "First check that the drop is real: did the tracking or the pipeline change — a new app release that stopped sending an event, a late or partial data load, a changed metric definition? Compare with other sources (server logs, a related metric such as sessions or orders). If it is real, segment it: by platform, app version, country, acquisition channel, new versus returning users, and by hour. A drop concentrated in one segment — Android version 5.2, one country — points to a cause (a bug in a release, an outage, a payment provider problem). Also rule in external factors: a holiday, day-of-week seasonality, a competitor's campaign, an app-store issue. Form hypotheses, confirm them with data, quantify the impact, and share a short update early with what is known and what isn't, then a conclusion with next steps.",
    },
    zh: {
      question: "昨天的日活（DAU）下降了 15%。你会如何排查？",
      reference:
        "先确认下降是真实的：埋点或数据管道是否有变化——新版 App 不再上报某个事件、数据延迟或只加载了一部分、指标口径改变了？与其他数据源对比（服务端日志、会话数或订单数等相关指标）。如果下降是真实的，就做拆分：按平台、App 版本、国家、获客渠道、新老用户以及小时拆分。如果下降集中在某个维度——安卓 5.2 版本、某个国家——就指向了原因（某次发布的 bug、服务故障、支付渠道问题）。还要考虑外部因素：节假日、周内周期性、竞品活动、应用商店问题。提出假设、用数据验证、量化影响，并尽早发出简短的进展同步，说明已知和未知的情况，最后给出结论和后续行动。",
    },
    keyPoints: [
      kp(
        "Verify the data first (tracking, pipeline, definition)",
        "先核实数据（埋点、管道、口径）",
        "tracking|instrumentation|pipeline|data issue*|logging|definition|verify|data quality|bug",
        "埋点|数据管道|口径|核实|数据问题|上报",
      ),
      kp(
        "Segment by platform, version, region, channel",
        "按平台、版本、地区、渠道拆分",
        "segment*|platform|version|region|country|channel|new users|breakdown|drill",
        "拆分|维度|平台|版本|地区|渠道|新老用户|下钻",
      ),
      kp(
        "External factors and seasonality",
        "外部因素与周期性",
        "seasonal*|holiday*|external|competitor*|weekday|day of week|outage",
        "季节|节假日|外部|竞品|周期|故障",
      ),
      kp(
        "Hypotheses, quantified impact, communication",
        "提出假设、量化影响、同步沟通",
        "hypothes*|quantif*|communicat*|stakeholder*|update|report",
        "假设|量化|沟通|同步|汇报",
      ),
    ],
  }),
  q({
    id: "da-10",
    topic: "ab-testing",
    category: "role-specific",
    difficulty: "medium",
    en: {
      question: "How do you design and analyse an A/B test?",
      reference:
        "Start with a hypothesis and one primary metric decided in advance (e.g. checkout conversion), plus guardrail metrics that must not get worse (latency, refunds). Choose the randomisation unit — usually the user, so one person sees one variant — and compute the sample size from the baseline rate, the minimum detectable effect, significance level (5%) and power (80%), which gives the test's duration; run whole weeks to cover weekly cycles. Check the split is as intended (sample ratio mismatch) before trusting results. Analyse with a confidence interval for the difference, not just a p-value, and judge practical as well as statistical significance. Avoid peeking and stopping early when the p-value dips below 0.05, correct for many metrics or variants, and be wary of novelty effects and of network effects between users.",
    },
    zh: {
      question: "你如何设计和分析一个 A/B 测试？",
      reference:
        "从一个假设和一个事先确定的主要指标开始（例如结账转化率），再加上不能变差的护栏指标（延迟、退款率）。选择随机化单元——通常是用户，让同一个人只看到一个版本——并根据基线转化率、最小可检测效应、显著性水平（5%）和统计功效（80%）计算样本量，由此得出实验时长；按整周运行以覆盖周内周期。在相信结果之前，先检查分流是否符合预期（样本比例不匹配，SRM）。分析时给出差值的置信区间，而不只看 p 值，同时判断业务意义和统计显著性。避免中途偷看、在 p 值刚低于 0.05 时提前停止；对多个指标或多个版本做多重检验校正；警惕新奇效应和用户之间的网络效应。",
    },
    keyPoints: [
      kp(
        "Hypothesis, primary metric and guardrails",
        "假设、主要指标与护栏指标",
        "hypothes*|primary metric|success metric|guardrail*|north star",
        "假设|核心指标|主要指标|护栏",
      ),
      kp(
        "Randomisation unit and sample size / power",
        "随机化单元与样本量/统计功效",
        "randomi*|sample size|power|minimum detectable|mde|duration|unit",
        "随机|样本量|功效|最小可检测|实验时长|分流",
      ),
      kp(
        "Significance: p-value and confidence intervals",
        "显著性：p 值与置信区间",
        "p-value|p value|significan*|confidence interval*|t-test|statistic*",
        "p 值|显著|置信区间|t 检验|统计",
      ),
      kp(
        "Pitfalls: peeking, multiple testing, novelty, SRM",
        "陷阱：偷看、多重检验、新奇效应、SRM",
        "peek*|stop* early|multiple testing|multiple comparison*|novelty|sample ratio|srm|network effect*",
        "偷看|提前停止|多重检验|新奇效应|SRM|网络效应",
      ),
    ],
  }),
  q({
    id: "da-11",
    topic: "streaming",
    category: "system-design",
    difficulty: "hard",
    en: {
      question: "Design a pipeline that computes near-real-time metrics (e.g. clicks per minute per campaign) from a stream of click events.",
      reference:
        "Clients or servers send events to a durable log such as Kafka, partitioned by a key (campaign id) so related events stay ordered and work spreads across consumers. A stream processor (Flink, Spark Structured Streaming, Kafka Streams) aggregates them in windows — tumbling one-minute windows per campaign. It must use event time, not processing time, because events arrive late and out of order; watermarks decide when a window is complete, and a policy handles later stragglers (update the result or send them to a side output). State and offsets are checkpointed so a crash resumes without losing or double-counting; with transactional or idempotent sinks the result is effectively exactly-once. Results go to a store built for fast reads (Redis, ClickHouse, Druid) feeding dashboards, while the raw events also land in the lake so a batch job can recompute and correct the numbers.",
    },
    zh: {
      question: "设计一个数据管道，从点击事件流中计算近实时指标（例如每个广告活动每分钟的点击数）。",
      reference:
        "客户端或服务端把事件发送到 Kafka 这样的持久化日志中，按 key（活动 id）分区，使相关事件保持有序，并把负载分散到多个消费者。流处理引擎（Flink、Spark Structured Streaming、Kafka Streams）在窗口中聚合——按活动做一分钟的滚动窗口。必须使用事件时间而不是处理时间，因为事件会迟到和乱序；水位线（watermark）决定窗口何时完整，并有策略处理更晚到达的数据（更新结果或输出到旁路）。状态和位点做检查点（checkpoint），崩溃后恢复时既不丢也不重复计数；配合事务性或幂等的写出，结果实际上是精确一次。结果写入便于快速读取的存储（Redis、ClickHouse、Druid）供看板使用，同时原始事件也落入数据湖，让批处理任务可以重算并修正数字。",
    },
    keyPoints: [
      kp(
        "Ingest into a durable, partitioned log (Kafka)",
        "写入持久化、分区的日志（Kafka）",
        "kafka|kinesis|pulsar|partition*|log|ingest*",
        "Kafka|分区|消息队列|接入",
      ),
      kp(
        "Stream processor with windows (Flink/Spark)",
        "用带窗口的流处理引擎（Flink/Spark）",
        "flink|spark streaming|structured streaming|kafka streams|window*|tumbling|aggregat*",
        "Flink|Spark|流处理|窗口|滚动窗口|聚合",
      ),
      kp(
        "Event time, watermarks and late data",
        "事件时间、水位线与迟到数据",
        "event time|event-time|watermark*|late*|out of order|out-of-order",
        "事件时间|水位线|Watermark|迟到|乱序",
      ),
      kp(
        "Checkpoints and exactly-once / idempotent sinks",
        "检查点与精确一次/幂等写出",
        "checkpoint*|exactly-once|exactly once|idempot*|state|offset*",
        "检查点|Checkpoint|精确一次|幂等|状态|位点",
      ),
      kp(
        "Serving store for dashboards; batch correction",
        "供看板使用的存储；批处理修正",
        "clickhouse|druid|redis|dashboard*|serving|batch|lambda|recompute*",
        "ClickHouse|Druid|Redis|看板|批处理|重算",
      ),
    ],
  }),
  q({
    id: "da-12",
    topic: "spark-skew",
    category: "technical",
    difficulty: "hard",
    en: {
      question: "A Spark job is slow, and in the UI a few tasks take far longer than the rest of their stage. What's going on and what do you do?",
      reference:
        "That pattern is data skew: a few keys hold most of the rows — a null key, a default value, one huge customer — so after a shuffle (join or groupBy) the tasks handling them process far more data, and the whole stage waits for them. Confirm it in the Spark UI (task duration and shuffle read size distribution) or by counting rows per key. Fixes: handle or filter the hot and null keys separately; for joins with a small table, broadcast it so there is no shuffle; salt the skewed key — append a random suffix, aggregate in two stages, or replicate the other side for the salted keys; enable Adaptive Query Execution, which splits skewed partitions in joins automatically. Also check partition counts and sizes (spark.sql.shuffle.partitions, aiming for roughly 100–200 MB partitions) and the small-files problem on input, which causes similar slowness through scheduling overhead.",
    },
    zh: {
      question: "一个 Spark 任务很慢，在 UI 中看到同一个 stage 里少数几个 task 的耗时远远超过其他 task。这是怎么回事？你会怎么做？",
      reference:
        "这是数据倾斜：少数几个 key 占了绝大部分行——空值 key、默认值、某个超大客户——所以在 shuffle（join 或 groupBy）之后，处理它们的 task 要处理多得多的数据，整个 stage 都在等它们。在 Spark UI 中确认（task 耗时和 shuffle read 数据量的分布），或者统计每个 key 的行数。解决办法：把热点 key 和空值 key 单独处理或过滤；与小表 join 时使用广播，避免 shuffle；对倾斜的 key 加盐——拼接随机后缀、两阶段聚合，或对另一侧的这些 key 做复制；开启自适应查询执行（AQE），它能在 join 时自动拆分倾斜的分区。还要检查分区数量和大小（spark.sql.shuffle.partitions，目标约 100–200 MB 一个分区），以及输入端的小文件问题，后者会因调度开销导致类似的缓慢。",
    },
    keyPoints: [
      kp(
        "Diagnose data skew (hot keys) in the Spark UI",
        "在 Spark UI 中诊断数据倾斜（热点 key）",
        "skew*|hot key*|spark ui|uneven|straggler*|null key*",
        "倾斜|热点 key|Spark UI|不均|空值",
      ),
      kp(
        "Salting skewed keys / two-stage aggregation",
        "对倾斜 key 加盐 / 两阶段聚合",
        "salt*|random suffix|random prefix|two-stage|two stage",
        "加盐|随机前缀|随机后缀|两阶段",
      ),
      kp("Broadcast join for small tables", "小表使用广播 join", "broadcast*|map-side join|map side join", "广播|Map Join|map 端"),
      kp(
        "Adaptive Query Execution and repartitioning",
        "自适应查询执行（AQE）与重新分区",
        "aqe|adaptive query|repartition*|coalesce|shuffle partition*|spark.sql.shuffle",
        "AQE|自适应|重分区|repartition|shuffle 分区",
      ),
      kp("Partition sizes and small files", "分区大小与小文件问题", "small files|partition size*|file size*|mb", "小文件|分区大小|文件大小"),
    ],
  }),
  q({
    id: "da-13",
    topic: "trusted-metrics",
    category: "system-design",
    difficulty: "hard",
    en: {
      question: 'Different dashboards in your company show different numbers for "revenue". How would you build a data platform people can trust?',
      reference:
        "Different numbers usually come from different definitions and copies: one team excludes refunds, another uses order date instead of payment date. Fix it with a single, owned definition: a curated modelling layer (dbt models) and a semantic or metrics layer where each metric — revenue, active user — is defined once, with its filters and grain, and every dashboard queries it instead of raw tables. Each dataset and metric has a named owner and documentation in a catalog, with lineage from source to dashboard so people can see where a number comes from. Quality is enforced with tests and data contracts with source systems, and certified datasets are marked as such so people know what to rely on. Access is governed (roles, PII masking). Finally, reconcile key metrics against the source of truth (the finance ledger) regularly, and retire conflicting legacy dashboards.",
    },
    zh: {
      question: "公司里不同的看板对“收入”给出了不同的数字。你会如何构建一个让大家信任的数据平台？",
      reference:
        "数字不一致通常来自口径不同和数据副本不同：一个团队剔除了退款，另一个按下单日期而不是付款日期统计。解决办法是统一且有负责人的定义：一个经过整理的建模层（dbt 模型），加上语义层或指标层，每个指标——收入、活跃用户——只定义一次，包括过滤条件和粒度，所有看板都查询它而不是原始表。每个数据集和指标都有明确的负责人，并在数据目录中有文档，还有从数据源到看板的血缘，让大家能看到一个数字从哪里来。通过测试和与源系统签订的数据契约保证质量，认证过的数据集要明确标记，让大家知道什么可以依赖。访问要有治理（角色权限、个人信息脱敏）。最后，定期把关键指标与权威数据源（财务账本）对账，下线相互矛盾的旧看板。",
    },
    keyPoints: [
      kp(
        "One definition per metric (semantic/metrics layer)",
        "每个指标只有一个定义（语义层/指标层）",
        "single definition|one definition|semantic layer|metrics layer|metric definition*|source of truth|dbt",
        "统一口径|口径|语义层|指标层|指标定义|唯一数据源|dbt",
      ),
      kp(
        "Ownership, documentation and a data catalog",
        "负责人、文档与数据目录",
        "owner*|documentation|document*|catalog|glossary",
        "负责人|文档|数据目录|数据字典",
      ),
      kp("Lineage from source to dashboard", "从数据源到看板的血缘", "lineage|trace*|upstream|where a number comes from", "血缘|追溯|上游"),
      kp("Tests, contracts and certified datasets", "测试、数据契约与认证数据集", "test*|data contract*|certif*|quality", "测试|数据契约|认证|质量"),
      kp(
        "Governance and reconciliation with the source of truth",
        "权限治理与和权威数据源对账",
        "governance|access control|reconcil*|finance|ledger|pii|permission*",
        "治理|权限|对账|财务|脱敏",
      ),
    ],
  }),
  q({
    id: "da-14",
    topic: "statistics-basics",
    category: "technical",
    difficulty: "easy",
    en: {
      question: "What's the difference between the mean and the median, and when is the median the better summary?",
      reference:
        "The mean is the sum divided by the count; the median is the middle value when the data is sorted (the 50th percentile). The mean is pulled by outliers and long tails, the median is not. So for skewed distributions the median describes the typical case better: household income (a few billionaires raise the mean), house prices, session length, or API latency, where a handful of very slow requests inflate the average. For latency and similar metrics I report percentiles — p50, p95, p99 — because users feel the tail. The mean is still the right tool when totals matter (average revenue per user times users gives revenue) and for roughly symmetric data.",
    },
    zh: {
      question: "平均数和中位数有什么区别？什么时候中位数是更好的概括？",
      reference:
        "平均数是总和除以个数；中位数是数据排序后位于中间的值（第 50 百分位）。平均数会被离群值和长尾拉动，中位数不会。所以对于偏态分布，中位数更能代表典型情况：家庭收入（几个亿万富翁会拉高平均数）、房价、会话时长，或者 API 延迟——少数非常慢的请求会抬高平均值。对于延迟这类指标，我会报告分位数——p50、p95、p99——因为用户感受到的是长尾。当总量有意义时（人均收入乘以用户数得到总收入），以及数据大致对称时，平均数仍然是正确的工具。",
    },
    keyPoints: [
      kp(
        "Definitions: sum/count vs middle value",
        "定义：总和/个数 与 中间值",
        "sum|divided|middle|sorted|50th percentile|average",
        "总和|除以|中间|排序|平均",
      ),
      kp("Mean is sensitive to outliers / skew", "平均数对离群值/偏态敏感", "outlier*|skew*|long tail|extreme|sensitive", "离群|异常值|偏态|长尾|极端|敏感"),
      kp(
        "Examples: income, latency, prices",
        "例子：收入、延迟、价格",
        "income|salar*|latency|price*|house|response time",
        "收入|工资|延迟|价格|房价|响应时间",
      ),
      kp("Percentiles for tails (p95/p99)", "用分位数描述长尾（p95/p99）", "percentile*|p95|p99|p50|quantile*", "分位|p95|p99|p50"),
    ],
  }),
];
