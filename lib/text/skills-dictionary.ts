/**
 * The skill dictionary: canonical skills with their English and Chinese synonyms.
 *
 * Source: compiled by hand for Panelist (≈270 entries) from the skills named in the corpus
 * job descriptions and resumes (`../shared/corpus/jobs`, `resumes-*`), the JD keyword
 * frequency list in `zh_markdown_java-template.md` (JobDeer), and common taxonomy headings
 * (engineering, data, ML, DevOps, product, design, finance, operations, soft skills).
 *
 * Alias rules (applied by `skills.ts`):
 * - a lower-case Latin alias matches case-insensitively on token boundaries: the characters
 *   around it may not be letters, digits, `+` or `#`, nor a `.` before it ("Go" ≠ "Google",
 *   "Java" ≠ "JavaScript", "C" ≠ "C++", "SQL" ≠ "MySQL", "html" ≠ "index.html");
 * - an alias written with capitals in `strict` matches case-sensitively only (React, Excel,
 *   Spring, Swift …, words that are also ordinary English), and also in lower case when it
 *   sits in a list between delimiters or Chinese characters ("了解Java、go、Python");
 * - an alias containing Chinese characters matches as a substring;
 * - a RegExp alias is used as is (for "R", "C", "Go", "Spring").
 *
 * `implies`: having this skill also demonstrates the listed ones for JD matching
 * (MySQL → SQL, Databases; PyTorch → Deep Learning → Machine Learning).
 */

export type SkillCategory =
  | "language"
  | "frontend"
  | "backend"
  | "database"
  | "data"
  | "ml"
  | "devops"
  | "cloud"
  | "testing"
  | "practice"
  | "product"
  | "design"
  | "finance"
  | "business"
  | "soft";

export interface SkillDef {
  /** Canonical display name (English). */
  name: string;
  /** Chinese display name, for concept skills that have one. */
  zh?: string;
  category: SkillCategory;
  /** Lower-case Latin aliases (boundary-matched, case-insensitive), Chinese aliases (substring). */
  aliases: string[];
  /** Case-sensitive Latin aliases or special patterns. */
  strict?: (string | RegExp)[];
  /** Canonical names this skill implies. */
  implies?: string[];
}

const d = (
  name: string,
  category: SkillCategory,
  aliases: string[],
  opts: { zh?: string; strict?: (string | RegExp)[]; implies?: string[] } = {},
): SkillDef => ({ name, category, aliases, ...opts });

const L = "(?<![A-Za-z0-9&+#'’.\\-])";
/**
 * A lower-case word that is also ordinary English ("node", "excel") counts as the tool only
 * between list delimiters or next to Chinese characters ("熟练使用excel", "Java、node、Go").
 */
/**
 * "AI" next to other design-tool abbreviations (PS, CDR, ID, C4D, PR, AE) in a list is Adobe
 * Illustrator; `negative` gives the pattern for AI outside such a list.
 */
const DESIGN_TOOLS = "(?:PS|CDR|ID|C4D|PR|AE)";
const DESIGN_LIST_AROUND = (core: string, mode: "positive" | "negative"): string =>
  mode === "positive"
    ? `(?:(?<=${DESIGN_TOOLS}\\s*[、,，/]\\s*)${core}|${core}(?=\\s*[、,，/]\\s*${DESIGN_TOOLS}(?![A-Za-z])))`
    : `(?<!${DESIGN_TOOLS}\\s*[、,，/]\\s*)${core}(?!\\s*[、,，/]\\s*${DESIGN_TOOLS}(?![A-Za-z]))`;
const inList = (word: string): RegExp =>
  new RegExp(`(?<=^|[、,，/|;；:：(（\\u4e00-\\u9fff])\\s*${word}(?![A-Za-z0-9])(?=$|\\s*[、,，/|;；)）(]|[\\u4e00-\\u9fff])`);

export const SKILLS: SkillDef[] = [
  // ── programming languages ───────────────────────────────────────────────
  d("Python", "language", ["python", "python3", "python 3"]),
  d("Java", "language", ["java", "java8", "java 8", "j2ee", "javaee", "java ee", "j2se", "jdk"]),
  d("JavaScript", "language", ["javascript", "js", "ecmascript", "es6", "es2015"]),
  d("TypeScript", "language", ["typescript"], { strict: ["TS"], implies: ["JavaScript"] }),
  d("Go", "language", ["golang"], {
    strict: [
      new RegExp(
        `${L}Go(?=$|\\s*[,/;:)、，；）|.]|\\s*\\(|\\s+(?:and|or|&|programming|language|lang|developers?|development|engineers?|services?|microservices|modules?|experience|skills?|code|codebases?|backends?|expertise|proficiency|tooling|libraries)\\b|[\\u4e00-\\u9fff])`,
      ),
      // the language after a preposition or verb of use ("in Go", "with Go", "written in Go"), not "Go-to-market"
      /(?<=\b(?:in|with|using|write|writing|wrote|written in|learning|learned|know|knowledge of)\s)Go(?![A-Za-z0-9'’-])/,
      /(?<=^|[、,，/|;；:：(（\u4e00-\u9fff])\s*go(?=$|\s*[、,，/|;；)）]|[\u4e00-\u9fff])/,
    ],
  }),
  d("Rust", "language", [], { strict: ["Rust"] }),
  d("C", "language", [], { strict: [new RegExp(`${L}(?<![A-Z][a-z]+\\s)C(?![A-Za-z0-9+#&'’\\-端]|\\s*\\+\\+)`)] }), // not "C端" (consumer-facing)
  d("C++", "language", ["c++", "cpp", "c++11", "c++14", "c++17", "c++20"]),
  d("C#", "language", ["c#", "csharp", "c sharp"]),
  d(".NET", "backend", [".net", "dotnet", ".net core", "asp.net"], { implies: ["Back-End Development", "C#"] }),
  d("Ruby", "language", ["ruby"]),
  d("PHP", "language", ["php"]),
  d("Swift", "language", ["swiftui"], { strict: ["Swift"] }),
  d("Kotlin", "language", ["kotlin"]),
  d("Objective-C", "language", ["objective-c", "objective c", "objc"]),
  d("Scala", "language", ["scala"]),
  d("R", "language", [], { strict: [new RegExp(`${L}(?<![A-Z][a-z]+\\s)R(?![A-Za-z0-9&+#'’\\-])(?!\\s*&)`)] }),
  d("MATLAB", "language", ["matlab"]),
  d("Perl", "language", ["perl"]),
  d("Lua", "language", ["lua"]),
  d("Haskell", "language", ["haskell"]),
  d("Elixir", "language", ["elixir"]),
  d("Dart", "language", [], { strict: ["Dart"] }),
  d("Bash", "language", ["bash", "shell scripting", "shell script", "shell scripts", "zsh", "powershell"], {
    strict: ["Shell", /(?<=^|[、,，/|;；:：(（\u4e00-\u9fff])\s*shell(?=$|\s*[、,，/|;；)）(]|[\u4e00-\u9fff])/],
  }),
  d("SQL", "language", ["sql", "t-sql", "pl/sql", "sql编写"], { implies: ["Databases"] }),
  d("HTML", "frontend", ["html", "html5", "xhtml"]),
  d("CSS", "frontend", ["css", "css3", "sass", "scss"]),
  d("CUDA", "language", ["cuda"]),
  d("Solidity", "language", ["solidity"]),
  d("Assembly", "language", ["assembly", "x86 assembly", "汇编"]),
  d("Groovy", "language", ["groovy"]),
  d("VBA", "language", ["vba", "excel macros"]),

  // ── front end & mobile ─────────────────────────────────────────────────
  d("React", "frontend", ["react.js", "reactjs", "react hooks", "react-hooks"], { strict: ["React"], implies: ["Front-End Development", "JavaScript"] }),
  d("Vue", "frontend", ["vue", "vue.js", "vuejs", "vue2", "vue3", "nuxt", "nuxt.js"], { implies: ["Front-End Development", "JavaScript"] }),
  d("Angular", "frontend", ["angularjs", "angular.js"], { strict: ["Angular"], implies: ["Front-End Development", "JavaScript"] }),
  d("Next.js", "frontend", ["next.js", "nextjs"], { implies: ["React", "JavaScript"] }),
  d("Redux", "frontend", ["redux"], { implies: ["React"] }),
  d("jQuery", "frontend", ["jquery"], { implies: ["JavaScript"] }),
  d("Svelte", "frontend", ["svelte", "sveltekit"], { implies: ["Front-End Development", "JavaScript"] }),
  d("Tailwind CSS", "frontend", ["tailwind", "tailwindcss", "tailwind css"], { implies: ["CSS"] }),
  d("Bootstrap", "frontend", [], { strict: ["Bootstrap"], implies: ["CSS"] }),
  d("Webpack", "frontend", ["webpack", "vite", "rollup", "gulp", "grunt"]),
  d("React Native", "frontend", ["react native", "react-native"], { implies: ["React", "Mobile Development"] }),
  d("Flutter", "frontend", ["flutter"], { implies: ["Mobile Development", "Dart"] }),
  d("Android", "frontend", ["android", "安卓"], { implies: ["Mobile Development"] }),
  d("HarmonyOS", "frontend", ["harmonyos", "openharmony", "arkts", "鸿蒙"], { implies: ["Mobile Development"] }),
  d("iOS", "frontend", ["ios"], { implies: ["Mobile Development"] }),
  d("Mobile Development", "frontend", ["mobile development", "mobile apps", "mobile app", "移动开发", "移动端"], { zh: "移动开发" }),
  d("WeChat Mini Program", "frontend", ["wechat mini program", "mini program", "微信小程序", "小程序"], { zh: "微信小程序" }),
  d("Front-End Development", "frontend", ["front-end", "frontend", "front end", "前端开发", "前端"], { zh: "前端开发" }),
  d("Web Development", "frontend", ["web development", "web applications", "web application", "web apps", "web app", "web开发", "web 开发"], {
    zh: "Web 开发",
  }),

  // ── back end ───────────────────────────────────────────────────────────
  d("Node.js", "backend", ["node.js", "nodejs", "node js"], { strict: ["Node", inList("node")], implies: ["JavaScript"] }),
  d("Express", "backend", ["express.js", "expressjs"], { strict: ["Express"], implies: ["Back-End Development", "Node.js"] }),
  d("Django", "backend", ["django"], { implies: ["Back-End Development", "Python"] }),
  d("Flask", "backend", ["flask"], { implies: ["Back-End Development", "Python"] }),
  d("FastAPI", "backend", ["fastapi"], { implies: ["Back-End Development", "Python"] }),
  d("Spring", "backend", ["springmvc", "spring mvc", "spring framework", "spring cloud", "springcloud"], {
    strict: [
      new RegExp(`${L}Spring(?![A-Za-z])(?!\\s+(?:19|20)\\d{2})(?!\\s+(?:semester|term|break|quarter)\\b)`),
      /(?<=^|[、,，/|;；:：(（\s\u4e00-\u9fff])spring(?=$|\s*[、,，/|;；)）(]|[\u4e00-\u9fff])/,
    ],
    implies: ["Java", "Back-End Development"],
  }),
  d("Spring Boot", "backend", ["spring boot", "springboot", "spring-boot"], { implies: ["Back-End Development", "Spring", "Java"] }),
  d("Hibernate", "backend", ["hibernate", "jpa"], { implies: ["Java"] }),
  d("MyBatis", "backend", ["mybatis", "ibatis"], { implies: ["Java"] }),
  d("Dubbo", "backend", ["dubbo"], { implies: ["Java", "Microservices"] }),
  d("Netty", "backend", ["netty"], { implies: ["Java"] }),
  d("JVM", "backend", ["jvm", "jvm调优"], { implies: ["Java"] }),
  d("Ruby on Rails", "backend", ["ruby on rails", "rails"], { implies: ["Back-End Development", "Ruby"] }),
  d("Laravel", "backend", ["laravel", "lavaral", "thinkphp", "symfony", "yii"], { implies: ["Back-End Development", "PHP"] }),
  d("Microservices", "backend", ["microservices", "microservice", "micro-services", "微服务"], { zh: "微服务" }),
  d("Distributed Systems", "backend", ["distributed systems", "distributed system", "distributed computing", "分布式"], { zh: "分布式系统" }),
  d("High Concurrency", "backend", ["high concurrency", "high-concurrency", "high traffic", "high-traffic", "高并发"], { zh: "高并发" }),
  d("Multithreading", "backend", ["multithreading", "multi-threading", "concurrency", "多线程", "并发编程"], { zh: "多线程" }),
  d("REST API", "backend", ["rest api", "rest apis", "restful", "restful api", "restful apis", "api design", "apis"], { strict: ["REST"] }),
  d("GraphQL", "backend", ["graphql"]),
  d("gRPC", "backend", ["grpc", "protobuf", "thrift"]),
  d("Message Queue", "backend", ["message queue", "message queues", "message broker", "消息队列", "消息中间件", "mq"], { zh: "消息队列" }),
  d("Kafka", "backend", ["kafka"], { implies: ["Message Queue"] }),
  d("RabbitMQ", "backend", ["rabbitmq"], { implies: ["Message Queue"] }),
  d("RocketMQ", "backend", ["rocketmq"], { implies: ["Message Queue"] }),
  d("Zookeeper", "backend", ["zookeeper"], { implies: ["Distributed Systems"] }),
  d("Caching", "backend", ["caching", "cache", "缓存"], { zh: "缓存" }),
  d("Nginx", "backend", ["nginx"]),
  d("Tomcat", "backend", ["tomcat", "jetty", "weblogic", "websphere", "jboss"], { implies: ["Java"] }),
  d("Maven", "backend", ["maven", "gradle"]),
  d("Back-End Development", "backend", ["back-end", "backend", "back end", "server-side", "后端开发", "后端", "服务端"], { zh: "后端开发" }),
  d("Full-Stack Development", "backend", ["full-stack", "full stack", "fullstack", "全栈"], {
    zh: "全栈开发",
    implies: ["Front-End Development", "Back-End Development"],
  }),
  d("Web Scraping", "backend", ["web scraping", "web crawler", "scrapy", "爬虫"], { zh: "爬虫" }),
  d("Networking", "backend", ["tcp/ip", "tcp", "udp", "http", "https", "websocket", "socket", "网络编程", "计算机网络"], { zh: "网络编程" }),

  // ── databases ──────────────────────────────────────────────────────────
  d("Databases", "database", ["database", "databases", "dbms", "rdbms", "relational database", "数据库"], { zh: "数据库" }),
  d("MySQL", "database", ["mysql", "mariadb"], { implies: ["SQL", "Databases"] }),
  d("PostgreSQL", "database", ["postgresql", "postgres", "pgsql", "psql"], { implies: ["SQL", "Databases"] }),
  d("Oracle Database", "database", ["oracle db", "oracle database", "plsql"], { strict: ["Oracle"], implies: ["SQL", "Databases"] }),
  d("SQL Server", "database", ["sql server", "sqlserver", "mssql", "ms sql"], { implies: ["SQL", "Databases"] }),
  d("SQLite", "database", ["sqlite"], { implies: ["SQL", "Databases"] }),
  d("NoSQL", "database", ["nosql", "non-relational"], { implies: ["Databases"] }),
  d("MongoDB", "database", ["mongodb", "mongo"], { implies: ["NoSQL", "Databases"] }),
  d("Redis", "database", ["redis"], { implies: ["NoSQL", "Caching", "Databases"] }),
  d("Memcached", "database", ["memcached", "memcache"], { implies: ["Caching"] }),
  d("Cassandra", "database", ["cassandra"], { implies: ["NoSQL", "Databases"] }),
  d("DynamoDB", "database", ["dynamodb"], { implies: ["NoSQL", "AWS", "Databases"] }),
  d("HBase", "database", ["hbase"], { implies: ["NoSQL", "Big Data", "Databases"] }),
  d("Neo4j", "database", ["neo4j", "graph database"], { implies: ["NoSQL", "Databases"] }),
  d("Elasticsearch", "database", ["elasticsearch", "elastic search", "elk", "opensearch", "solr", "lucene"]),
  d("ClickHouse", "database", ["clickhouse"], { implies: ["Data Warehouse", "SQL"] }),
  d("Snowflake", "database", [], { strict: ["Snowflake"], implies: ["Data Warehouse", "SQL"] }),
  d("BigQuery", "database", ["bigquery"], { implies: ["Data Warehouse", "SQL", "GCP"] }),
  d("Redshift", "database", ["redshift"], { implies: ["Data Warehouse", "SQL", "AWS"] }),
  d("Database Design", "database", ["database design", "data modeling", "data modelling", "schema design", "分库分表", "数据建模"], { zh: "数据库设计" }),
  d("SQL Optimization", "database", ["query optimization", "sql optimization", "sql tuning", "optimized queries", "sql优化"], {
    zh: "SQL 优化",
    implies: ["SQL"],
  }),

  // ── data engineering & analytics ───────────────────────────────────────
  d("Big Data", "data", ["big data", "大数据", "海量数据"], { zh: "大数据" }),
  d("Hadoop", "data", ["hadoop", "hdfs", "mapreduce"], { implies: ["Big Data"] }),
  d("Spark", "data", ["pyspark", "apache spark", "spark sql", "spark streaming"], { strict: ["Spark"], implies: ["Big Data"] }),
  d("Flink", "data", ["flink"], { implies: ["Big Data"] }),
  d("Hive", "data", ["hiveql"], { strict: ["Hive"], implies: ["Big Data", "SQL"] }),
  d("Airflow", "data", ["airflow", "dagster", "prefect", "luigi"], { implies: ["Data Pipelines"] }),
  d("dbt", "data", [], { strict: ["dbt", "DBT"], implies: ["Data Pipelines", "SQL"] }),
  d("ETL", "data", ["etl", "elt", "数据清洗"], { implies: ["Data Pipelines"] }),
  d("Data Pipelines", "data", ["data pipeline", "data pipelines", "data processing pipelines", "data ingestion", "数据管道", "数据处理"], { zh: "数据管道" }),
  d("Data Warehouse", "data", ["data warehouse", "data warehousing", "data lake", "lakehouse", "数据仓库", "数仓"], { zh: "数据仓库" }),
  d("Data Engineering", "data", ["data engineering", "数据工程"], { zh: "数据工程" }),
  d("Data Analysis", "data", ["data analysis", "data analytics", "data analyst", "data analysts", "analytics", "analyzed data", "analysed data", "数据分析"], {
    zh: "数据分析",
  }),
  d("Data Visualization", "data", ["data visualization", "data visualisation", "dashboards", "dashboard", "visualized", "数据可视化", "可视化"], {
    zh: "数据可视化",
  }),
  d("Data Mining", "data", ["data mining", "数据挖掘"], { zh: "数据挖掘" }),
  d("Data Governance", "data", ["data governance", "data quality", "data integrity", "data privacy", "数据治理"], { zh: "数据治理" }),
  d(
    "Statistics",
    "data",
    ["statistics", "statistical", "statistical modeling", "statistical analysis", "regression", "hypothesis testing", "统计学", "统计分析"],
    { zh: "统计学" },
  ),
  d("SPSS", "data", ["spss"], { implies: ["Statistics"] }),
  d("SAS", "data", [], { strict: ["SAS"], implies: ["Statistics"] }),
  d("Stata", "data", [], { strict: ["Stata", "STATA"], implies: ["Statistics"] }),
  d("Tableau", "data", ["tableau"], { implies: ["Data Visualization"] }),
  d("Power BI", "data", ["power bi", "powerbi"], { implies: ["Data Visualization"] }),
  d("Looker", "data", ["looker", "metabase", "superset"], { implies: ["Data Visualization"] }),
  d("Pandas", "data", ["pandas"], { implies: ["Python", "Data Analysis"] }),
  d("NumPy", "data", ["numpy", "scipy"], { implies: ["Python"] }),
  d("Jupyter", "data", ["jupyter", "jupyter notebook"]),
  d("Excel", "business", ["ms excel", "microsoft excel", "spreadsheets", "spreadsheet", "vlookup", "pivot tables", "pivot table", "数据透视表", "透视表"], {
    strict: ["Excel", "EXCEL", inList("excel")],
  }),

  // ── machine learning & AI ──────────────────────────────────────────────
  d("Artificial Intelligence", "ml", ["artificial intelligence", "人工智能"], {
    zh: "人工智能",
    // not a designer's "PS、AI、CDR" (Adobe Illustrator)
    strict: [new RegExp(DESIGN_LIST_AROUND("(?<![A-Za-z])AI(?![A-Za-z])", "negative"))],
  }),
  d("Machine Learning", "ml", ["machine learning", "ml models", "ml model", "机器学习"], {
    zh: "机器学习",
    strict: ["ML"],
    implies: ["Artificial Intelligence"],
  }),
  d("Deep Learning", "ml", ["deep learning", "neural networks", "neural network", "深度学习", "神经网络"], { zh: "深度学习", implies: ["Machine Learning"] }),
  d("NLP", "ml", ["nlp", "natural language processing", "text classification", "sentiment analysis", "自然语言处理", "情感分析", "文本分类"], {
    zh: "自然语言处理",
    implies: ["Machine Learning"],
  }),
  d("Computer Vision", "ml", ["computer vision", "image recognition", "object detection", "计算机视觉", "图像识别"], {
    zh: "计算机视觉",
    implies: ["Machine Learning"],
  }),
  d("Image Processing", "ml", ["image processing", "图像处理", "opencv", "pil"], { zh: "图像处理" }),
  d("TensorFlow", "ml", ["tensorflow", "tf2"], { implies: ["Deep Learning", "Machine Learning"] }),
  d("PyTorch", "ml", ["pytorch", "torch"], { implies: ["Deep Learning", "Machine Learning"] }),
  d("Keras", "ml", ["keras"], { implies: ["Deep Learning", "Machine Learning"] }),
  d("JAX", "ml", [], { strict: ["JAX"], implies: ["Deep Learning", "Machine Learning"] }),
  d("scikit-learn", "ml", ["scikit-learn", "sklearn", "scikit learn"], { implies: ["Machine Learning", "Python"] }),
  d("XGBoost", "ml", ["xgboost", "lightgbm", "catboost", "gradient boosting"], { implies: ["Machine Learning"] }),
  d("CNN", "ml", ["convolutional neural network", "卷积神经网络"], { strict: ["CNN", "CNNs"], implies: ["Deep Learning"] }),
  d("LLM", "ml", ["llm", "llms", "large language model", "large language models", "gpt", "大模型", "大语言模型"], { zh: "大语言模型", implies: ["NLP"] }),
  d("Transformers", "ml", ["transformer", "transformers", "hugging face", "huggingface"], { implies: ["Deep Learning"] }),
  d("Recommender Systems", "ml", ["recommender system", "recommender systems", "recommendation engine", "recommendation system", "推荐系统", "推荐算法"], {
    zh: "推荐系统",
    implies: ["Machine Learning"],
  }),
  d("Reinforcement Learning", "ml", ["reinforcement learning", "强化学习"], { zh: "强化学习", implies: ["Machine Learning"] }),
  d("MLOps", "ml", ["mlops", "model deployment", "model serving", "sagemaker", "mlflow", "kubeflow"], { implies: ["Machine Learning"] }),
  d("Time Series", "ml", ["time series", "time-series", "时间序列"], { zh: "时间序列" }),
  d("Feature Engineering", "ml", ["feature engineering", "feature extraction", "特征工程", "特征提取"], { zh: "特征工程" }),
  d(
    "Predictive Modeling",
    "ml",
    ["predictive modeling", "predictive models", "predictive model", "predictive modelling", "prediction model", "prediction models", "预测模型"],
    {
      zh: "预测建模",
      implies: ["Machine Learning"],
    },
  ),
  d("Algorithms", "practice", ["algorithms", "algorithm", "算法"], { zh: "算法" }),
  d("Data Structures", "practice", ["data structures", "data structure", "数据结构"], { zh: "数据结构" }),

  // ── cloud, DevOps, infrastructure ──────────────────────────────────────
  d("AWS", "cloud", ["aws", "amazon web services", "ec2", "s3", "aws lambda", "cloudformation", "eks", "ecs"], { implies: ["Cloud Computing"] }),
  d("GCP", "cloud", ["gcp", "google cloud", "google cloud platform", "gke"], { implies: ["Cloud Computing"] }),
  d("Azure", "cloud", ["azure", "microsoft azure"], { implies: ["Cloud Computing"] }),
  d("Alibaba Cloud", "cloud", ["alibaba cloud", "aliyun", "阿里云", "腾讯云", "tencent cloud"], { zh: "阿里云/腾讯云", implies: ["Cloud Computing"] }),
  d("Cloud Computing", "cloud", ["cloud computing", "cloud infrastructure", "cloud platforms", "cloud-native", "cloud native", "云计算", "云原生"], {
    zh: "云计算",
  }),
  d("Serverless", "cloud", ["serverless", "lambda functions", "cloud functions"], { implies: ["Cloud Computing"] }),
  d("Docker", "devops", ["docker", "docker compose", "docker-compose", "dockerfile"], { implies: ["Containers"] }),
  d("Kubernetes", "devops", ["kubernetes", "k8s", "openshift", "eks", "gke", "aks"], { implies: ["Containers"] }),
  d("Containers", "devops", ["containers", "containerization", "containerized", "container orchestration", "容器化", "容器"], { zh: "容器化" }),
  d("Helm", "devops", ["helm"], { implies: ["Kubernetes"] }),
  d("Terraform", "devops", ["terraform", "pulumi"], { implies: ["Infrastructure as Code"] }),
  d("Ansible", "devops", ["ansible"], { implies: ["Infrastructure as Code"] }),
  d("Chef", "devops", [], { strict: ["Chef"], implies: ["Infrastructure as Code"] }),
  d("Puppet", "devops", [], { strict: ["Puppet"], implies: ["Infrastructure as Code"] }),
  d("Infrastructure as Code", "devops", ["infrastructure as code", "iac", "基础设施即代码"], { zh: "基础设施即代码" }),
  d(
    "CI/CD",
    "devops",
    [
      "ci/cd",
      "ci-cd",
      "ci cd",
      "cicd",
      "continuous integration",
      "continuous delivery",
      "continuous deployment",
      "持续集成",
      "持续交付",
      "持续部署",
      "自动化部署",
    ],
    { zh: "持续集成/持续交付" },
  ),
  d("Jenkins", "devops", ["jenkins"], { implies: ["CI/CD"] }),
  d("GitHub Actions", "devops", ["github actions", "gitlab ci", "gitlab-ci", "circleci", "travis ci", "travis-ci"], { implies: ["CI/CD"] }),
  d("Git", "devops", ["git", "版本控制", "version control"], { zh: "Git" }),
  d("SVN", "devops", ["svn", "subversion"]),
  d("Linux", "devops", ["linux", "unix", "ubuntu", "centos", "debian", "red hat", "rhel"]),
  d(
    "Monitoring",
    "devops",
    ["system monitoring", "monitoring and alerting", "observability", "prometheus", "grafana", "datadog", "new relic", "splunk", "监控"],
    { zh: "监控" },
  ),
  d(
    "Site Reliability Engineering",
    "devops",
    ["site reliability", "sre", "on-call", "incident management", "postmortems", "postmortem", "post-mortems", "post-mortem", "high availability", "高可用"],
    {
      zh: "稳定性保障/高可用",
    },
  ),
  d("DevOps", "devops", ["devops", "运维"], { zh: "DevOps/运维" }),
  d("Incident Response", "devops", ["incident response", "incident responses", "incident-response", "incident handling", "应急响应", "安全事件响应"], {
    zh: "应急响应",
  }),
  d(
    "Security",
    "devops",
    ["security", "cybersecurity", "cyber security", "information security", "application security", "appsec", "owasp", "信息安全", "网络安全"],
    { zh: "信息安全" },
  ),
  d("Encryption", "devops", ["encryption", "cryptography", "加密"], { zh: "加密" }),
  d(
    "Penetration Testing",
    "devops",
    ["penetration testing", "penetration tests", "pentest", "pentesting", "pen testing", "burp suite", "metasploit", "nmap", "kali linux", "渗透测试"],
    {
      zh: "渗透测试",
      implies: ["Security"],
    },
  ),
  d("Vulnerability Management", "devops", ["vulnerability", "vulnerabilities", "vulnerability scanning", "vulnerability scans", "nessus", "cve", "漏洞"], {
    zh: "漏洞管理",
    implies: ["Security"],
  }),
  d("SIEM", "devops", ["siem", "security information and event management", "qradar", "arcsight", "security operations", "soc analyst", "安全运营"], {
    zh: "SIEM/安全运营",
    implies: ["Security"],
  }),
  d(
    "Threat Analysis",
    "devops",
    ["threat hunting", "threat detection", "threat intelligence", "malware analysis", "phishing", "恶意样本", "恶意代码", "威胁情报", "入侵检测"],
    {
      zh: "威胁分析",
      implies: ["Security"],
    },
  ),
  d("Network Security", "devops", ["network security", "firewall", "firewalls", "edr", "waf", "防火墙"], { zh: "网络安全防护", implies: ["Security"] }),
  d("Security Certifications", "devops", ["security+", "cysa+", "cissp", "oscp", "ceh", "cisp", "cism"], { zh: "安全认证", implies: ["Security"] }),
  d("Windows", "devops", ["windows server", "active directory"], { strict: ["Windows"] }),
  d("Performance Optimization", "practice", ["performance optimization", "performance tuning", "performance optimisation", "性能优化", "性能调优", "调优"], {
    zh: "性能优化",
  }),

  // ── testing & quality ──────────────────────────────────────────────────
  d("Unit Testing", "testing", ["unit testing", "unit tests", "unit test", "junit", "testng", "pytest", "jest", "mocha", "phpunit", "单元测试"], {
    zh: "单元测试",
  }),
  d(
    "Automated Testing",
    "testing",
    ["automated testing", "test automation", "automation testing", "automated tests", "自动化测试", "ui自动化", "接口自动化", "自动化脚本", "测试框架"],
    {
      zh: "自动化测试",
      implies: ["Quality Assurance"],
    },
  ),
  d("Selenium", "testing", ["selenium", "cypress", "playwright", "appium", "robot framework"], { implies: ["Automated Testing"] }),
  d(
    "Performance Testing",
    "testing",
    ["performance testing", "load testing", "stress testing", "jmeter", "loadrunner", "locust", "性能测试", "压力测试", "压测"],
    {
      zh: "性能测试",
      implies: ["Quality Assurance"],
    },
  ),
  d("API Testing", "testing", ["api testing", "postman", "接口测试"], { zh: "接口测试", implies: ["Quality Assurance"] }),
  d(
    "Quality Assurance",
    "testing",
    [
      "quality assurance",
      "qa",
      "software testing",
      "manual testing",
      "functional testing",
      "regression testing",
      "integration testing",
      "test cases",
      "test plans",
      "bug tracking",
      "测试用例",
      "软件测试",
      "功能测试",
      "黑盒测试",
      "白盒测试",
      "回归测试",
      "集成测试",
      "系统测试",
      "冒烟测试",
      "缺陷管理",
      "质量保障",
    ],
    // bare 测试 as a list item ("前端、测试") but not inside A/B测试, 单元测试 …
    {
      zh: "软件测试/质量保障",
      strict: [
        /(?<=^|[、,，/|;；:：(（\s])测试(?=$|[、,，/|;；)）\s])/,
        // 测试工程师 / 测试开发 …, but a 渗透测试工程师 is a security role
        /(?<!渗透|安全)测试(?:工程师|开发|计划|报告)/,
      ],
    },
  ),
  d("TDD", "testing", ["tdd", "test-driven development", "test driven development", "bdd"]),

  // ── engineering practice ───────────────────────────────────────────────
  d(
    "System Design",
    "practice",
    ["system design", "software architecture", "systems architecture", "architecture design", "系统设计", "架构设计", "系统架构"],
    { zh: "系统架构设计" },
  ),
  d("Object-Oriented Programming", "practice", ["object-oriented programming", "object oriented programming", "oop", "object-oriented", "面向对象"], {
    zh: "面向对象",
  }),
  d("Design Patterns", "practice", ["design patterns", "design pattern", "设计模式"], { zh: "设计模式" }),
  d("Code Review", "practice", ["code review", "code reviews", "代码评审", "code审查"], { zh: "代码评审" }),
  d("Agile", "practice", ["agile", "敏捷开发", "敏捷"], { zh: "敏捷开发" }),
  d("Scrum", "practice", ["scrum", "sprint planning", "sprints", "scrum master"], { implies: ["Agile"] }),
  d("Kanban", "practice", ["kanban"], { implies: ["Agile"] }),
  d("Jira", "practice", ["jira", "confluence", "zentao", "禅道"]),
  d("Open Source", "practice", ["open source", "open-source", "开源"], { zh: "开源" }),
  d("Accessibility", "design", ["accessibility", "a11y", "wcag", "section 508", "无障碍"], { zh: "无障碍" }),
  d("Technical Writing", "practice", ["technical writing", "documentation", "技术文档", "技术写作"], { zh: "技术文档" }),

  // ── product ────────────────────────────────────────────────────────────
  d("Product Management", "product", ["product management", "product manager", "product owner", "产品管理", "产品经理", "产品设计", "产品负责人"], {
    zh: "产品管理",
  }),
  d("User Growth", "product", ["user growth", "growth hacking", "user acquisition", "用户增长", "增长黑客", "拉新", "用户裂变"], {
    zh: "用户增长",
  }),
  d("Product Roadmap", "product", ["roadmap", "roadmaps", "product roadmap", "roadmapping", "产品规划", "路线图"], { zh: "产品规划" }),
  d("Product Strategy", "product", ["product strategy", "product vision", "产品策略"], { zh: "产品策略" }),
  d(
    "A/B Testing",
    "product",
    ["a/b testing", "a/b test", "a/b tests", "ab testing", "split testing", "experimentation", "ab测试", "a/b测试", "a/b 测试", "ab 测试"],
    {
      zh: "A/B 测试",
    },
  ),
  d("Stakeholder Management", "product", ["stakeholder management", "stakeholders", "stakeholder", "cross-functional", "跨部门沟通", "跨部门协作"], {
    zh: "干系人管理",
  }),
  d("User Research", "product", ["user research", "user interviews", "customer interviews", "usability research", "用户研究", "用户调研"], { zh: "用户研究" }),
  d(
    "Requirements Analysis",
    "product",
    [
      "requirements analysis",
      "requirements gathering",
      "requirement analysis",
      "product requirements",
      "prd",
      "prds",
      "user stories",
      "需求分析",
      "需求文档",
      "产品需求",
    ],
    { zh: "需求分析" },
  ),
  d("Prototyping", "product", ["prototyping", "prototypes", "prototype", "axure", "mockups", "balsamiq", "原型设计", "原型", "墨刀"], { zh: "原型设计" }),
  d("Competitive Analysis", "product", ["competitive analysis", "competitor analysis", "market research", "竞品分析", "市场调研"], { zh: "竞品分析" }),
  d("Go-to-Market", "product", ["go-to-market", "go to market", "gtm", "product launch", "product launches"], { zh: "产品上市" }),
  d(
    "Product Analytics",
    "product",
    [
      "product analytics",
      "mixpanel",
      "amplitude",
      "funnel analysis",
      "event tracking",
      "kpis",
      "okrs",
      "north star metric",
      "数据驱动",
      "数据埋点",
      "埋点",
      "漏斗分析",
    ],
    {
      zh: "产品数据分析",
    },
  ),
  d("User Experience", "design", ["user experience", "ux", "ux design", "用户体验", "交互设计", "interaction design"], { zh: "用户体验/交互设计" }),

  // ── design ─────────────────────────────────────────────────────────────
  d("UI Design", "design", ["ui design", "user interface design", "visual design", "ui/ux", "ui设计", "视觉设计", "界面设计"], { zh: "UI 设计" }),
  d("Figma", "design", ["figma"], { implies: ["UI Design"] }),
  d("Sketch", "design", [], { strict: ["Sketch"], implies: ["UI Design"] }),
  d("Adobe XD", "design", ["adobe xd"], { implies: ["UI Design"] }),
  d("Photoshop", "design", ["photoshop"], { strict: [inList("PS")] }),
  d("Illustrator", "design", ["adobe illustrator"], {
    strict: ["Illustrator", new RegExp(DESIGN_LIST_AROUND("(?<![A-Za-z])AI(?![A-Za-z])", "positive"))],
    implies: ["Graphic Design"],
  }),
  d("InDesign", "design", ["indesign"], { implies: ["Graphic Design"] }),
  d(
    "Graphic Design",
    "design",
    [
      "graphic design",
      "graphic designer",
      "brand identity",
      "brand identities",
      "visual identity",
      "logo design",
      "packaging design",
      "print design",
      "print production",
      "print-ready",
      "typography",
      "coreldraw",
      "cdr",
      "canva",
      "平面设计",
      "品牌设计",
      "vi设计",
      "包装设计",
      "海报设计",
      "排版",
    ],
    { zh: "平面设计" },
  ),
  d("After Effects", "design", ["after effects", "premiere", "premiere pro"]),
  d("Wireframing", "design", ["wireframing", "wireframes", "wireframe", "线框图"], { zh: "线框图" }),
  d("Usability Testing", "design", ["usability testing", "usability tests", "user testing", "可用性测试"], { zh: "可用性测试" }),
  d("Design Systems", "design", ["design system", "design systems", "component library", "设计系统", "设计规范"], { zh: "设计系统" }),

  // ── finance & accounting ───────────────────────────────────────────────
  d(
    "Accounting",
    "finance",
    [
      "accounting",
      "accountant",
      "bookkeeping",
      "general ledger",
      "journal entries",
      "month-end close",
      "month-end",
      "close the books",
      "closing the books",
      "year-end close",
      "会计",
      "账务处理",
      "记账",
      "总账",
      "凭证",
      "出纳",
      "月结",
      "年结",
      "做账",
    ],
    { zh: "会计" },
  ),
  d("GAAP", "finance", ["gaap", "us gaap", "generally accepted accounting principles"], { implies: ["Accounting"] }),
  d("IFRS", "finance", ["ifrs", "chinese accounting standards", "企业会计准则"], { implies: ["Accounting"] }),
  d("QuickBooks", "finance", ["quickbooks", "xero", "netsuite", "yonyou", "kingdee", "用友", "金蝶"], { implies: ["Accounting"] }),
  d("Reconciliation", "finance", ["reconciliation", "reconciliations", "account reconciliation", "bank reconciliation", "reconciled", "reconcile", "对账"], {
    zh: "对账",
    implies: ["Accounting"],
  }),
  d("Accounts Payable", "finance", ["accounts payable", "应付账款", "应付"], { zh: "应付账款", implies: ["Accounting"] }),
  d("Accounts Receivable", "finance", ["accounts receivable", "days sales outstanding", "dso", "应收账款", "应收"], {
    zh: "应收账款",
    implies: ["Accounting"],
  }),
  d("Payroll", "finance", ["payroll", "薪酬核算", "工资核算"], { zh: "薪酬核算" }),
  d(
    "Tax Preparation",
    "finance",
    [
      "tax preparation",
      "tax returns",
      "tax return",
      "taxes",
      "tax accounting",
      "tax compliance",
      "tax planning",
      "tax filing",
      "tax inspection",
      "tax inspections",
      "tax audit",
      "tax audits",
      "税务",
      "报税",
      "纳税申报",
      "增值税",
      "所得税",
    ],
    {
      zh: "税务",
    },
  ),
  d("Auditing", "finance", ["audit", "audits", "auditing", "internal audit", "external audit", "审计"], { zh: "审计" }),
  d(
    "Financial Reporting",
    "finance",
    [
      "financial reporting",
      "financial reports",
      "financial statements",
      "consolidated statements",
      "consolidated reports",
      "consolidated financial statements",
      "management reports",
      "management reporting",
      "balance sheet",
      "balance sheets",
      "income statement",
      "cash flow statement",
      "财务报表",
      "财务报告",
      "合并报表",
      "管理报表",
    ],
    { zh: "财务报表" },
  ),
  d("Budgeting", "finance", ["budgeting", "budget", "budgets", "budget forecasts", "预算"], { zh: "预算管理" }),
  d(
    "Forecasting",
    "finance",
    ["forecasting", "forecasts", "financial forecasting", "sales forecasting", "demand forecasting", "财务预测", "销售预测", "销量预测", "需求预测"],
    {
      zh: "预测",
    },
  ),
  d("Financial Analysis", "finance", ["financial analysis", "financial planning", "fp&a", "variance analysis", "财务分析", "差异分析", "偏差分析"], {
    zh: "财务分析",
  }),
  d("Financial Modeling", "finance", ["financial modeling", "financial modelling", "financial models", "dcf", "valuation", "财务建模", "估值"], {
    zh: "财务建模",
  }),
  d("Cost Accounting", "finance", ["cost accounting", "cost control", "cost analysis", "成本核算", "成本控制", "成本分析"], { zh: "成本核算" }),
  d("Risk Management", "finance", ["risk management", "risk assessment", "credit risk", "风险管理", "风控"], { zh: "风险管理" }),
  d("Compliance", "finance", ["compliance", "regulatory compliance", "sox", "sarbanes-oxley", "kyc", "aml", "合规", "等保", "等级保护"], { zh: "合规" }),
  d("CPA", "finance", ["cpa", "certified public accountant", "注册会计师"], { zh: "注册会计师", implies: ["Accounting"] }),
  d("CFA", "finance", ["cfa", "chartered financial analyst"], { implies: ["Financial Analysis"] }),
  d("SAP", "finance", ["sap", "sap erp", "sap fico"], { implies: ["ERP"] }),
  d("ERP", "finance", ["erp", "erp系统", "oracle financials"]),

  // ── business, operations, marketing ────────────────────────────────────
  d("Project Management", "business", ["project management", "project manager", "program management", "project planning", "pmp", "prince2", "项目管理"], {
    zh: "项目管理",
  }),
  d("Operations Management", "business", ["operations management", "business operations", "operations manager", "运营管理", "运营"], { zh: "运营管理" }),
  d("Supply Chain", "business", ["supply chain", "logistics", "procurement", "sourcing", "供应链", "物流", "采购"], { zh: "供应链" }),
  d("Inventory Management", "business", ["inventory management", "inventory", "库存管理"], { zh: "库存管理" }),
  d(
    "Process Improvement",
    "business",
    ["process improvement", "continuous improvement", "six sigma", "kaizen", "lean manufacturing", "lean six sigma", "流程优化", "精益"],
    { zh: "流程优化" },
  ),
  d("Vendor Management", "business", ["vendor management", "vendor relations", "supplier management", "供应商管理"], { zh: "供应商管理" }),
  d("Business Analysis", "business", ["business analysis", "business analyst", "business intelligence", "业务分析", "商业分析"], { zh: "业务分析" }),
  d("CRM", "business", ["crm", "salesforce", "hubspot", "客户关系管理", "客户关系维护", "客户维护"], { zh: "CRM" }),
  d(
    "Sales",
    "business",
    [
      "business development",
      "account management",
      "key accounts",
      "key account",
      "lead generation",
      "lead qualification",
      "cold calling",
      "cold calls",
      "prospecting",
      "sales quota",
      "closing deals",
      "sales pipeline",
      "销售",
      "商务拓展",
      "大客户",
      "客户开发",
      "渠道拓展",
      "回款",
      "招投标",
    ],
    {
      zh: "销售/商务拓展",
      // not "days sales outstanding" (receivables), "sales tax", "sales events" (a shop's promotions)
      strict: [/(?<![A-Za-z0-9])(?<!days\s)sales(?![A-Za-z0-9])(?!\s+(?:outstanding|tax|events?|season|promotions?)\b)/i],
    },
  ),
  d(
    "Customer Service",
    "business",
    ["customer service", "customer support", "customer success", "customer complaints", "complaint handling", "客户服务", "客服", "客诉", "投诉处理"],
    {
      zh: "客户服务",
    },
  ),
  d("Human Resources", "business", ["human resources", "hr management", "hrbp", "人力资源"], { zh: "人力资源" }),
  d("Recruiting", "business", ["recruiting", "recruitment", "talent acquisition", "screening resumes", "简历筛选"], {
    zh: "招聘",
    // not a job post's own "招聘 14" / 招聘岗位 / 招聘要求 header
    strict: [/招聘(?!\s*\d|岗位|职位|要求|信息|人数|对象|启事|公告|条件)/],
    implies: ["Human Resources"],
  }),
  d("Employee Relations", "business", ["employee relations", "labor relations", "labour relations", "员工关系", "劳动关系"], {
    zh: "员工关系",
    implies: ["Human Resources"],
  }),
  d("Labor Law", "business", ["labor law", "labour law", "employment law", "劳动法", "劳动合同法"], { zh: "劳动法规" }),
  d(
    "HR Administration",
    "business",
    [
      "hr administration",
      "personnel administration",
      "employee records",
      "onboarding paperwork",
      "入职手续",
      "离职手续",
      "员工档案",
      "社保",
      "公积金",
      "人事管理",
    ],
    {
      zh: "人事行政",
      implies: ["Human Resources"],
    },
  ),
  d("Performance Management", "business", ["performance management", "performance reviews", "performance appraisal", "绩效考核", "绩效管理"], {
    zh: "绩效管理",
  }),
  d("SEO", "business", ["seo", "search engine optimization"], { zh: "SEO" }),
  d("SEM", "business", ["google ads", "paid search", "ppc", "search engine marketing"], { strict: ["SEM"] }),
  d("Google Analytics", "business", ["google analytics", "ga4"], { implies: ["Product Analytics"] }),
  d(
    "Digital Marketing",
    "business",
    ["digital marketing", "content marketing", "email marketing", "growth marketing", "marketing campaigns", "数字营销", "内容营销", "市场营销"],
    { zh: "数字营销" },
  ),
  d("Social Media", "business", ["social media", "social media marketing", "新媒体", "社交媒体"], { zh: "社交媒体运营" }),
  d("Copywriting", "business", ["copywriting", "content writing", "product copy", "marketing copy", "ad copy", "文案"], { zh: "文案" }),
  d("Microsoft Office", "business", ["microsoft office", "ms office", "microsoft word", "ms word", "powerpoint", "office 365", "办公软件", "office办公"], {
    zh: "Office 办公软件",
    strict: ["PPT", inList("ppt"), inList("[Ww]ord"), inList("[Oo]ffice")],
  }),
  d("Visio", "business", ["visio", "lucidchart", "powerdesigner"]),
  d("Negotiation", "business", ["negotiation", "negotiating", "contract negotiation", "谈判"], { zh: "谈判" }),

  // ── soft skills (weighted ½ in job descriptions) ────────────────────────
  d(
    "Communication",
    "soft",
    [
      "communication",
      "communicates",
      "communicating",
      "communication skills",
      "verbal communication",
      "written communication",
      "public speaking",
      "presentation skills",
      "沟通能力",
      "沟通表达",
      "表达能力",
      "沟通",
    ],
    { zh: "沟通能力" },
  ),
  d("Leadership", "soft", ["leadership", "team leadership", "people management", "team management", "领导力", "团队管理"], { zh: "领导力" }),
  d("Teamwork", "soft", ["teamwork", "team player", "collaboration", "团队合作", "团队协作"], { zh: "团队合作" }),
  d("Problem Solving", "soft", ["problem solving", "problem-solving", "troubleshooting", "解决问题", "分析问题"], { zh: "问题解决" }),
  d("Attention to Detail", "soft", ["attention to detail", "detail-oriented", "detail oriented", "细致", "细心"], { zh: "细致严谨" }),
  d("Time Management", "soft", ["time management", "prioritization", "organizational skills", "organization skills", "时间管理"], { zh: "时间管理" }),
  d("Mentoring", "soft", ["mentoring", "mentored", "mentorship", "coaching", "coached", "指导新人", "带新人"], { zh: "指导他人" }),
];

/** Lookup by canonical name. */
export const SKILL_BY_NAME: ReadonlyMap<string, SkillDef> = new Map(SKILLS.map((s) => [s.name, s]));

/** Display name in the analysis language. */
export function skillLabel(name: string, lang: "en" | "zh"): string {
  const def = SKILL_BY_NAME.get(name);
  return lang === "zh" && def?.zh ? def.zh : name;
}
