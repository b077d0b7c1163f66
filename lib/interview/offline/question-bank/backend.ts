import { forArea, kp } from "./types";

/** Backend engineering: databases, APIs, concurrency, caching, messaging, distributed systems. Written for Panelist. */
const q = forArea("backend");

export const BACKEND = [
  q({
    id: "be-01",
    topic: "indexes",
    category: "technical",
    difficulty: "easy",
    en: {
      question: "What is a database index, and when can adding one make things worse?",
      reference:
        "An index is a separate sorted structure (usually a B-tree, B+ tree in MySQL/PostgreSQL) that lets the database find rows by a key without scanning the whole table, turning a full scan into a logarithmic lookup. It is not free: every INSERT, UPDATE and DELETE must also update the index, so write-heavy tables slow down, and indexes take disk and memory. An index on a low-selectivity column (a boolean, a status with three values) rarely helps because the planner still reads most rows. For composite indexes, column order matters: an index on (user_id, created_at) serves filters on user_id, or user_id plus created_at, but not created_at alone (leftmost prefix rule). I check with EXPLAIN that a query actually uses the index.",
    },
    zh: {
      question: "什么是数据库索引？什么情况下加索引反而会变糟？",
      reference:
        "索引是一份按键排序的独立数据结构（MySQL/PostgreSQL 中通常是 B+ 树），让数据库按键定位行，而不必全表扫描，把线性扫描变成对数级查找。索引不是免费的：每次 INSERT、UPDATE、DELETE 都要同步维护索引，写多的表会变慢，索引本身也占用磁盘和内存。在区分度很低的列上（布尔值、只有三种取值的状态）建索引通常没用，优化器仍会读取大部分行。复合索引要注意列顺序：(user_id, created_at) 的索引能服务按 user_id 或 user_id 加 created_at 的过滤，但不能服务只按 created_at 的过滤（最左前缀原则）。我会用 EXPLAIN 确认查询确实用上了索引。",
    },
    keyPoints: [
      kp(
        "Avoids a full table scan with a sorted structure (B-tree)",
        "用有序结构（B+ 树）避免全表扫描",
        "b-tree|b+ tree|btree|full table scan|full scan|table scan|lookup*|look up|sorted",
        "B+树|B树|全表扫描|二分|有序|查找",
      ),
      kp(
        "Slows writes and costs storage",
        "拖慢写入、占用存储",
        "write*|insert*|update overhead|storage|disk|memory|maintain*",
        "写入|插入|更新变慢|维护成本|存储|空间|磁盘",
      ),
      kp(
        "Useless on low-selectivity columns",
        "低区分度的列上效果差",
        "selectivity|cardinality|selective|low-cardinality|distinct values|boolean",
        "区分度|选择性|基数|重复值|布尔",
      ),
      kp(
        "Composite index column order (leftmost prefix)",
        "复合索引的列顺序（最左前缀）",
        "composite|multi-column|leftmost|column order|compound",
        "联合索引|复合索引|组合索引|最左前缀|列顺序",
      ),
      kp("Verify with EXPLAIN / the query plan", "用 EXPLAIN / 执行计划验证", "explain|query plan|execution plan|planner", "执行计划|EXPLAIN|查询计划"),
    ],
  }),
  q({
    id: "be-02",
    topic: "http-methods",
    category: "technical",
    difficulty: "easy",
    en: {
      question: "What's the difference between PUT, POST and PATCH, and what does it mean for a request to be idempotent?",
      reference:
        'An idempotent request has the same effect whether it is sent once or several times, which matters because clients, proxies and load balancers retry. POST usually creates a resource or triggers an action and is not idempotent: sending it twice may create two orders. PUT replaces the whole resource at a known URL with the representation sent, so repeating it leaves the same state; it is idempotent. PATCH applies a partial change; it is idempotent only if the change is ("set email to x" yes, "increment counter" no). GET, PUT and DELETE are defined as idempotent by HTTP; for POST you add an idempotency key if retries must be safe.',
    },
    zh: {
      question: "PUT、POST 和 PATCH 有什么区别？一个请求是“幂等”的是什么意思？",
      reference:
        "幂等是指同一个请求发送一次和发送多次的效果相同。这很重要，因为客户端、代理和负载均衡都可能重试。POST 通常用于创建资源或触发动作，不是幂等的：发两次可能生成两个订单。PUT 用请求中的完整表示替换某个已知 URL 的资源，重复执行结果状态相同，是幂等的。PATCH 做局部修改，只有修改本身幂等时才幂等（“把邮箱设为 x”是，“计数器加一”不是）。HTTP 规定 GET、PUT、DELETE 是幂等的；如果 POST 需要安全重试，可以加幂等键（idempotency key）。",
    },
    keyPoints: [
      kp(
        "Idempotent: repeating the request has the same effect",
        "幂等：重复请求效果相同",
        "idempot*|same effect|same result|same state|multiple times|twice",
        "幂等|效果相同|结果相同|多次|重复请求",
      ),
      kp("POST creates / is not idempotent", "POST 用于创建，不幂等", "post", "POST|创建|新建"),
      kp("PUT replaces the whole resource", "PUT 整体替换资源", "put|replace*|whole resource|full update|entire", "PUT|替换|整体|全量"),
      kp("PATCH is a partial update", "PATCH 是局部更新", "patch|partial*", "PATCH|局部|部分更新|部分修改"),
      kp("Retries make idempotency matter (idempotency key)", "重试让幂等变得重要（幂等键）", "retr*|idempotency key|duplicate*", "重试|幂等键|重复提交|重复"),
    ],
  }),
  q({
    id: "be-03",
    topic: "concurrency-basics",
    category: "technical",
    difficulty: "easy",
    en: {
      question: "Explain the difference between a process and a thread. What problems come with sharing memory between threads?",
      reference:
        "A process is a running program with its own address space, file handles and resources; the operating system isolates processes, so one crashing does not corrupt another, and they talk through IPC (pipes, sockets, shared memory). Threads live inside a process and share its memory, which makes communication cheap and switching lighter than between processes, but means two threads can read and write the same data at the same time. That gives race conditions and corrupted state unless access is synchronised with locks, atomic operations or by not sharing mutable data; locks in turn bring deadlocks and contention. Processes cost more memory and start-up time but give isolation.",
    },
    zh: {
      question: "进程和线程有什么区别？线程之间共享内存会带来哪些问题？",
      reference:
        "进程是一个正在运行的程序，拥有独立的地址空间、文件句柄等资源；操作系统隔离各个进程，一个进程崩溃不会破坏另一个，进程间通过 IPC（管道、套接字、共享内存）通信。线程运行在进程内部，共享进程的内存，所以通信成本低、切换比进程轻，但两个线程可能同时读写同一份数据，如果不用锁、原子操作或避免共享可变数据来同步，就会出现竞态条件和数据错乱；而锁又会带来死锁和锁竞争。进程占用更多内存、启动更慢，但隔离性更好。",
    },
    keyPoints: [
      kp(
        "Processes have separate address spaces (isolation)",
        "进程拥有独立地址空间（隔离）",
        "address space|isolat*|own memory|separate memory|ipc",
        "地址空间|隔离|独立内存|IPC|进程间通信",
      ),
      kp(
        "Threads share the process's memory",
        "线程共享进程内存",
        "share* memory|same memory|shared state|share the heap|lightweight",
        "共享内存|共享数据|同一进程|轻量",
      ),
      kp(
        "Race conditions without synchronisation",
        "不同步会有竞态条件",
        "race condition*|race*|data race|synchroni*|atomic*|thread-safe",
        "竞态|竞争条件|数据竞争|同步|原子|线程安全",
      ),
      kp("Locks bring deadlocks and contention", "锁会带来死锁和竞争", "lock*|mutex*|deadlock*|contention", "锁|互斥|死锁|锁竞争"),
    ],
  }),
  q({
    id: "be-04",
    topic: "status-codes",
    category: "technical",
    difficulty: "easy",
    en: {
      question:
        "Which HTTP status codes would you return for: a validation error, a caller who is not logged in, a caller without permission, a missing resource, a caller over the rate limit, and an unexpected server error?",
      reference:
        "Validation error: 400 Bad Request for malformed input, or 422 Unprocessable Content when the JSON parses but fails the schema, with the failing field paths in the body. Not logged in: 401 Unauthorized (the name is historical; it means unauthenticated). Logged in but not allowed: 403 Forbidden — though for a resource the caller should not even know exists, 404 avoids leaking its existence. Missing resource: 404 Not Found. Rate limited: 429 Too Many Requests with a Retry-After header. Unexpected failure: 500, or 502/503/504 for upstream and availability problems; the body should not leak stack traces. A consistent JSON error shape with a machine-readable code helps clients.",
    },
    zh: {
      question: "以下情况你会返回哪些 HTTP 状态码：参数校验失败、调用者未登录、调用者无权限、资源不存在、超出限流、服务器意外错误？",
      reference:
        "校验失败：格式错误返回 400 Bad Request；JSON 能解析但不符合 schema 时返回 422，并在响应体中给出出错字段的路径。未登录：401 Unauthorized（名字是历史原因，实际表示未认证）。已登录但无权限：403 Forbidden；不过对于调用者本不该知道其存在的资源，返回 404 可以避免泄露信息。资源不存在：404 Not Found。被限流：429 Too Many Requests，并带上 Retry-After 头。意外错误：500；上游或可用性问题用 502/503/504；响应中不要暴露堆栈。统一的 JSON 错误格式加上机器可读的错误码，对客户端很有帮助。",
    },
    keyPoints: [
      kp(
        "400 / 422 for invalid input, with field details",
        "400/422 表示输入无效，并给出字段信息",
        "400|422|bad request|unprocessable",
        "400|422|参数错误|校验失败",
      ),
      kp(
        "401 unauthenticated vs 403 forbidden",
        "401 未认证与 403 无权限的区别",
        "401|403|unauthori*|forbidden|unauthenticated",
        "401|403|未认证|未登录|无权限|禁止",
      ),
      kp("404 for missing (or hidden) resources", "404 表示资源不存在（或不可见）", "404|not found", "404|不存在|找不到"),
      kp("429 with Retry-After for rate limits", "限流返回 429 并带 Retry-After", "429|retry-after|too many requests", "429|Retry-After|限流|请求过多"),
      kp(
        "5xx for server errors without leaking internals",
        "服务器错误返回 5xx，不泄露内部信息",
        "500|502|503|504|5xx|stack trace*|internal server error",
        "500|503|5xx|服务器错误|堆栈",
      ),
    ],
  }),
  q({
    id: "be-05",
    topic: "transactions",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "Explain ACID and the standard transaction isolation levels. Which anomalies does each level prevent?",
      reference:
        "ACID: atomicity (all of a transaction or nothing), consistency (constraints hold before and after), isolation (concurrent transactions do not see each other's partial work, to a chosen degree) and durability (committed data survives a crash, via the write-ahead log). Isolation levels trade correctness for concurrency. Read uncommitted allows dirty reads. Read committed (PostgreSQL's default) prevents dirty reads but a row read twice can change (non-repeatable read). Repeatable read (MySQL InnoDB's default) keeps a snapshot so rows don't change; phantoms — new rows matching a range — are possible in the standard, though InnoDB's gap locks and PostgreSQL's snapshot prevent most. Serializable makes the outcome equal to some serial order, at the cost of locking or aborts that the application must retry. Most engines implement this with MVCC snapshots rather than read locks.",
    },
    zh: {
      question: "解释一下 ACID 以及标准的事务隔离级别。每个级别分别能防止哪些异常？",
      reference:
        "ACID 指原子性（事务要么全部完成要么全部不做）、一致性（事务前后约束都成立）、隔离性（并发事务在一定程度上看不到彼此的中间状态）、持久性（提交的数据在崩溃后仍在，依靠预写日志 WAL/redo log）。隔离级别是在正确性和并发度之间取舍。读未提交允许脏读。读已提交（PostgreSQL 默认）防止脏读，但同一行读两次可能不同（不可重复读）。可重复读（MySQL InnoDB 默认）使用快照，行不会变；标准中仍可能出现幻读（范围内新增的行），InnoDB 的间隙锁和 PostgreSQL 的快照能防止大部分情况。可串行化保证结果等价于某种串行顺序，代价是加锁或事务被中止、需要应用重试。多数数据库用 MVCC 多版本快照而不是读锁来实现。",
    },
    keyPoints: [
      kp("The four ACID properties", "ACID 的四个特性", "atomic*|durab*|consisten*|isolation", "原子性|持久性|一致性|隔离性"),
      kp("Read committed prevents dirty reads", "读已提交防止脏读", "dirty read*|read committed", "脏读|读已提交"),
      kp("Repeatable read prevents non-repeatable reads", "可重复读防止不可重复读", "non-repeatable|repeatable read|snapshot", "不可重复读|可重复读|快照"),
      kp("Serializable prevents phantoms, at a cost", "可串行化防止幻读，但有代价", "phantom*|serializable|serialisable|gap lock*", "幻读|串行化|间隙锁"),
      kp(
        "MVCC / locking trade-off with concurrency",
        "MVCC/加锁与并发度的取舍",
        "mvcc|multi-version|multiversion|concurren*|retr*|abort*",
        "MVCC|多版本|并发|重试|回滚",
      ),
    ],
  }),
  q({
    id: "be-06",
    topic: "caching",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "How would you add a cache in front of the database for a read-heavy endpoint, and how do you keep the cache consistent with the database?",
      reference:
        "The usual pattern is cache-aside: read from Redis first; on a miss, read the database and store the result with a TTL. On writes, update the database and then delete the cache key (rather than updating it) so the next read repopulates it; deleting avoids two concurrent writers leaving stale values in the wrong order. A TTL bounds how stale data can get if an invalidation is lost, and for stricter needs a delayed second delete or invalidation from the binlog/CDC helps. Protect the database from a stampede when a hot key expires (a lock or single-flight so only one request rebuilds it, or jittered expiry), cache negative results briefly so requests for non-existent ids do not all hit the database (penetration), and watch hit rate, memory and eviction policy.",
    },
    zh: {
      question: "对于一个读多写少的接口，你会如何在数据库前加一层缓存？又如何保证缓存和数据库的一致性？",
      reference:
        "常用的是旁路缓存（Cache-Aside）模式：先读 Redis；未命中时查数据库，把结果写入缓存并设置 TTL。写操作时先更新数据库，再删除缓存（而不是更新缓存），下一次读取时重新加载；删除可以避免两个并发写按错误顺序留下旧值。TTL 限定了在失效消息丢失时数据最多能旧多久；要求更严格时，可以延迟双删，或者通过 binlog/CDC 做失效。热点 key 过期时要防止缓存击穿：用互斥锁或 single-flight 只让一个请求重建，或者给过期时间加随机值防止雪崩；对不存在的 id 短时间缓存空值，防止缓存穿透。还要关注命中率、内存和淘汰策略。",
    },
    keyPoints: [
      kp(
        "Cache-aside: read cache, fall back to DB, populate",
        "旁路缓存：先读缓存，未命中查库并回填",
        "cache-aside|cache aside|lazy load*|on a miss|cache miss|read-through|populat*",
        "旁路缓存|Cache-Aside|未命中|回填|先读缓存",
      ),
      kp(
        "Invalidate (delete) on write, with a TTL",
        "写时删除缓存，并设置 TTL",
        "invalidat*|delete the key|delete the cache|evict*|ttl|expir*",
        "删除缓存|失效|过期时间|TTL|延迟双删",
      ),
      kp(
        "Protect against stampede on hot keys",
        "防止热点 key 过期时的击穿/雪崩",
        "stampede|thundering herd|single-flight|singleflight|mutex|lock|jitter|hot key*",
        "击穿|雪崩|互斥锁|热点|随机过期",
      ),
      kp(
        "Cache misses for missing data (penetration)",
        "缓存空值防止穿透",
        "penetration|negative cach*|null value*|bloom filter|empty result*",
        "穿透|空值|布隆过滤器",
      ),
      kp("Monitor hit rate, memory and eviction", "关注命中率、内存与淘汰策略", "hit rate|hit ratio|eviction|lru|memory", "命中率|淘汰|LRU|内存"),
    ],
  }),
  q({
    id: "be-07",
    topic: "pagination",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "How would you design an API that paginates through a large dataset that changes while people are reading it?",
      reference:
        "OFFSET/LIMIT is simple but gets slower the deeper you go, because the database still walks past the skipped rows, and when rows are inserted or deleted between pages the client sees duplicates or misses items. I prefer cursor (keyset) pagination: order by a stable, unique key — e.g. (created_at, id), with id as the tie-breaker — and return an opaque cursor encoding the last row's values; the next page asks for rows after that tuple, which an index on the same columns serves in constant time per page. The response carries the items, the next cursor and whether there is more; page size is capped. The trade-off is that you cannot jump to page 37, which most feeds do not need.",
    },
    zh: {
      question: "如果要给一个很大、并且在用户浏览时还在变化的数据集设计分页接口，你会怎么做？",
      reference:
        "OFFSET/LIMIT 实现简单，但越往后越慢，因为数据库仍要跳过前面的行；而且翻页期间有插入或删除时，客户端会看到重复或漏掉的数据。我倾向于游标（keyset）分页：按稳定且唯一的键排序，例如 (created_at, id)，用 id 打破并列；返回一个不透明的游标，编码最后一行的取值；下一页查询“大于该元组”的行，在同样列上的索引让每页查询都是常数级的代价。响应中包含数据、下一页游标和是否还有更多，并限制每页最大条数。代价是无法直接跳到第 37 页，而大多数信息流并不需要。",
    },
    keyPoints: [
      kp(
        "OFFSET gets slow and skips/duplicates rows on change",
        "OFFSET 越翻越慢，数据变化时会重复或遗漏",
        "offset|skip*|duplicat*|deep pag*",
        "OFFSET|偏移|越翻越慢|重复|遗漏|深分页",
      ),
      kp("Cursor / keyset pagination", "游标/keyset 分页", "cursor*|keyset|seek method|after id|last id", "游标|keyset|上一页最后|最后一条"),
      kp(
        "Stable sort with a unique tie-breaker",
        "稳定排序并用唯一键打破并列",
        "tie-break*|unique|stable sort|stable order|order by",
        "唯一|稳定排序|并列|排序键",
      ),
      kp("An index that matches the sort order", "与排序一致的索引", "index*", "索引"),
      kp(
        "Capped page size and a next cursor / has-more flag",
        "限制每页条数，返回下一页游标/是否还有",
        "page size|limit|has more|hasmore|next cursor|next page",
        "每页|条数|上限|下一页|是否还有",
      ),
    ],
  }),
  q({
    id: "be-08",
    topic: "orm-queries",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "What is the N+1 query problem? How do you detect it and fix it?",
      reference:
        "N+1 happens when code loads a list with one query and then runs one more query per item — for example, loading 50 posts and then lazily fetching each post's author — so one page issues 51 round trips. It is common with ORMs that lazy-load relations. You notice it in query logs, an APM trace showing many identical queries per request, or by counting queries in a test. Fixes: fetch related rows up front with a JOIN or the ORM's eager loading (include/preload/select_related), or batch them with one WHERE id IN (…) query; in GraphQL a DataLoader batches and caches per request. A test that asserts the number of queries keeps it from coming back.",
    },
    zh: {
      question: "什么是 N+1 查询问题？你怎么发现它、又怎么解决？",
      reference:
        "N+1 指代码先用一条查询取出列表，再为每一项各发一条查询——比如取出 50 篇文章后，再逐篇懒加载作者——一页就有 51 次数据库往返。在使用 ORM 懒加载关联时很常见。可以从 SQL 日志、APM 链路追踪中每个请求大量相同查询看出来，或者在测试中统计查询次数。解决办法：用 JOIN 或 ORM 的预加载（include/preload/select_related）一次取回关联数据，或者用一条 WHERE id IN (…) 批量查询；GraphQL 中用 DataLoader 在一个请求内做批量和缓存。再加一个断言查询次数的测试，防止问题复发。",
    },
    keyPoints: [
      kp(
        "One query for the list plus one per item",
        "列表一条查询，每一项再一条",
        "n+1|one query per|per item|per row|lazy load*|lazily",
        "N+1|每一条|逐条|懒加载|循环查询",
      ),
      kp(
        "Detect via query logs / APM / counting queries",
        "通过 SQL 日志、APM 或统计查询次数发现",
        "log*|apm|trac*|profil*|count* queries|query count",
        "日志|APM|链路|监控|查询次数",
      ),
      kp("Fix with JOIN / eager loading", "用 JOIN 或预加载解决", "join*|eager*|preload*|include|select_related|prefetch*", "JOIN|关联查询|预加载|连表"),
      kp("Batch with WHERE IN / DataLoader", "用 WHERE IN 或 DataLoader 批量查询", "batch*|where in| in (|dataloader", "批量|IN 查询|DataLoader"),
    ],
  }),
  q({
    id: "be-09",
    topic: "overselling",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "Two customers try to buy the last item in stock at the same moment. How do you make sure you don't sell it twice?",
      reference:
        "Reading the stock and then writing it back in two steps is a race: both requests read 1 and both write 0. The simplest correct fix is an atomic conditional update: UPDATE items SET stock = stock - 1 WHERE id = ? AND stock > 0, and check that one row was affected; the database serialises the two updates and only one succeeds. Alternatives: optimistic locking with a version column (update where version = read version, retry on conflict), or pessimistic locking with SELECT … FOR UPDATE inside a transaction, which is simpler to reason about but holds locks. Under very high contention (flash sales) you pre-load stock into Redis and decrement atomically, or queue the orders, then reconcile with the database. Either way the order request should be idempotent so a retry doesn't buy twice.",
    },
    zh: {
      question: "两位顾客同时购买库存中的最后一件商品。你如何保证不会超卖？",
      reference:
        "先读库存再写回是两步操作，存在竞态：两个请求都读到 1，又都写入 0。最简单且正确的做法是原子的条件更新：UPDATE items SET stock = stock - 1 WHERE id = ? AND stock > 0，并检查影响行数为 1；数据库会串行化这两个更新，只有一个成功。其他方案：用版本号做乐观锁（WHERE version = 读到的版本，冲突时重试），或在事务中用 SELECT … FOR UPDATE 加悲观锁，逻辑简单但会持有锁。在秒杀这类极高并发场景下，可以把库存预加载到 Redis 中原子扣减，或者让订单排队，再与数据库对账。无论哪种方式，下单请求都应当幂等，避免重试导致重复购买。",
    },
    keyPoints: [
      kp(
        "Read-then-write is a race condition",
        "先读后写存在竞态条件",
        "race*|read then write|read-modify-write|concurren*|both read",
        "竞态|并发|先读后写|同时读到",
      ),
      kp(
        "Atomic conditional update (stock > 0)",
        "原子条件更新（stock > 0）",
        "atomic*|conditional update|stock > 0|where stock|affected rows|rows affected",
        "原子|条件更新|stock > 0|影响行数",
      ),
      kp("Optimistic locking with a version", "用版本号做乐观锁", "optimistic*|version column|version number|compare-and-set|cas", "乐观锁|版本号|CAS"),
      kp("Pessimistic locking (SELECT … FOR UPDATE)", "悲观锁（SELECT … FOR UPDATE）", "pessimistic*|for update|row lock*", "悲观锁|FOR UPDATE|行锁"),
      kp("High contention: Redis decrement or a queue", "高并发：Redis 原子扣减或排队", "redis|decr*|queue*|flash sale|lua", "Redis|预扣|队列|秒杀|Lua"),
    ],
  }),
  q({
    id: "be-10",
    topic: "message-queues",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "When would you put a message queue between two services, and which delivery guarantees do you need to design for?",
      reference:
        "A queue (Kafka, RabbitMQ, SQS, Redis Streams) helps when the producer should not wait for the consumer: slow or bursty work (emails, video processing), smoothing traffic peaks, decoupling teams and letting several consumers react to one event. The price is eventual consistency and more moving parts. Most systems give at-least-once delivery: a consumer can crash after doing the work but before acknowledging, so the message comes again — consumers must be idempotent (dedupe by message id, upserts). Exactly-once end to end is rare and expensive. Ordering usually holds only within a partition or key. Failing messages need bounded retries with backoff and a dead-letter queue, and you monitor consumer lag so a backlog is noticed before it hurts.",
    },
    zh: {
      question: "什么时候你会在两个服务之间加一个消息队列？需要针对哪些投递语义来设计？",
      reference:
        "当生产者不应该等待消费者时，消息队列（Kafka、RabbitMQ、SQS、Redis Streams）很有用：耗时或突发的工作（发邮件、视频处理）、削峰填谷、解耦团队、让多个消费者响应同一事件。代价是最终一致性和更多的组件。大多数系统提供“至少一次”投递：消费者可能在处理完但确认前崩溃，消息会被再次投递——所以消费者必须幂等（按消息 id 去重、用 upsert）。端到端“恰好一次”很少见且代价高。顺序通常只在分区或同一个 key 内成立。失败的消息需要有上限的退避重试和死信队列，还要监控消费积压（lag），在积压造成影响前发现它。",
    },
    keyPoints: [
      kp("Async work, peak smoothing, decoupling", "异步处理、削峰、解耦", "async*|decoupl*|peak*|burst*|buffer*|spike*", "异步|解耦|削峰|填谷|突发"),
      kp(
        "At-least-once delivery needs idempotent consumers",
        "至少一次投递需要幂等消费",
        "at-least-once|at least once|idempot*|dedup*|duplicate*",
        "至少一次|幂等|去重|重复消费",
      ),
      kp("Ordering only within a partition/key", "顺序只在分区/key 内保证", "ordering|partition*|sequenc*|fifo", "顺序|分区|有序"),
      kp("Retries with backoff and a dead-letter queue", "退避重试和死信队列", "retr*|backoff|dead-letter|dead letter|dlq", "重试|退避|死信"),
      kp("Monitor consumer lag / backlog", "监控消费积压", "lag|backlog|monitor*", "积压|堆积|延迟|监控"),
    ],
  }),
  q({
    id: "be-11",
    topic: "idempotency",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "How would you make a payment API endpoint safe for clients to retry?",
      reference:
        "The client sends an idempotency key (a UUID per logical payment) in a header. The server stores the key with the request fingerprint and, once done, the response, under a unique constraint. A retry with the same key returns the stored response instead of charging again; the same key with a different body is rejected as a conflict. A request that arrives while the first one is still in progress must not run in parallel — the unique insert or a lock makes the second wait or get a 409. Keys expire after a retention window (e.g. 24 hours). Downstream calls to the payment provider also carry an idempotency key, and the whole flow is covered by tests that replay the same request concurrently.",
    },
    zh: {
      question: "你会如何让一个支付接口可以被客户端安全地重试？",
      reference:
        "客户端在请求头里带一个幂等键（每笔逻辑支付一个 UUID）。服务端在唯一约束下保存这个键、请求指纹，以及处理完成后的响应。带相同键的重试直接返回保存的响应，而不会再扣一次款；相同键但请求体不同则作为冲突拒绝。第一个请求还在处理时到来的重复请求不能并行执行——唯一插入或锁让第二个请求等待或返回 409。幂等键在保留期（如 24 小时）后过期。调用下游支付渠道时同样带上幂等键，并用并发重放同一请求的测试覆盖整个流程。",
    },
    keyPoints: [
      kp(
        "Client-supplied idempotency key",
        "客户端提供幂等键",
        "idempotency key|idempotency-key|request id|uuid|unique key",
        "幂等键|请求 ID|唯一标识|UUID|请求号",
      ),
      kp(
        "Store the key and response under a unique constraint",
        "在唯一约束下保存键和响应",
        "unique constraint|unique index|store*|persist*|save the response|record",
        "唯一约束|唯一索引|保存|记录|持久化",
      ),
      kp(
        "Replay returns the same response; mismatched body is a conflict",
        "重放返回相同结果；请求体不同视为冲突",
        "same response|return the stored|cached response|conflict|409|fingerprint",
        "相同结果|同样的响应|冲突|409|指纹",
      ),
      kp(
        "Handle a concurrent duplicate in flight",
        "处理正在进行中的并发重复请求",
        "in flight|in-flight|in progress|concurren*|lock*",
        "处理中|并发|加锁|正在进行",
      ),
      kp("Keys expire after a retention window", "幂等键在保留期后过期", "expir*|ttl|retention|24 hours", "过期|有效期|保留期|TTL"),
    ],
  }),
  q({
    id: "be-12",
    topic: "url-shortener",
    category: "system-design",
    difficulty: "hard",
    en: {
      question: "Design a URL shortener that must handle 10,000 redirects per second.",
      reference:
        "Requirements first: create short links, redirect fast, maybe custom aliases, expiry and click analytics; reads dominate writes by 100:1 or more. IDs: a counter or pre-allocated ID ranges encoded in base62 (7 characters give 3.5 trillion codes) avoid collisions; hashing the URL needs collision handling. Storage: a key-value or relational table code → URL; at, say, 100 M links × 500 bytes it is ~50 GB, fine for one replicated database. Redirects are served from a cache (Redis or in-process LRU) in front of the database and can sit behind a CDN; 10 k RPS is easy with a few stateless instances. 301 lets browsers cache the redirect (less load, no analytics); 302 keeps every click visible. Clicks are recorded asynchronously through a queue so analytics never slow the redirect. Add rate limits and malicious-URL checks on creation.",
    },
    zh: {
      question: "设计一个短链接服务，要求每秒能处理 10,000 次跳转。",
      reference:
        "先明确需求：生成短链、快速跳转，可能还有自定义别名、过期和点击统计；读远多于写（100:1 甚至更高）。ID 生成：用计数器或预分配号段，再做 base62 编码（7 位可表示约 3.5 万亿个），避免冲突；对 URL 做哈希则需要处理冲突。存储：键值库或关系表保存 code → URL；按 1 亿条 × 500 字节估算约 50 GB，一个带副本的数据库即可。跳转请求走数据库前的缓存（Redis 或进程内 LRU），还可以放在 CDN 后面；1 万 QPS 用几台无状态实例就能支撑。301 让浏览器缓存跳转（负载低，但统计不到），302 能统计每次点击。点击数据通过消息队列异步记录，统计永远不拖慢跳转。创建接口要加限流和恶意链接检测。",
    },
    keyPoints: [
      kp(
        "ID generation: counter/ranges + base62, collisions",
        "ID 生成：计数器/号段 + base62，处理冲突",
        "base62|base 62|counter|id generat*|snowflake|collision*|hash*",
        "base62|计数器|号段|发号|雪花|冲突|哈希",
      ),
      kp(
        "Storage: key-value mapping with a capacity estimate",
        "存储：键值映射并估算容量",
        "key-value|key value|storage|database|gb|capacity|estimate",
        "键值|存储|数据库|容量|估算|GB",
      ),
      kp("Cache (and CDN) for the read-heavy redirect path", "为读多的跳转路径加缓存（和 CDN）", "cach*|redis|cdn|lru", "缓存|Redis|CDN"),
      kp("301 vs 302 and asynchronous analytics", "301 与 302 的取舍，异步统计", "301|302|analytics|click*|async*|queue", "301|302|统计|点击|异步|队列"),
      kp("Stateless horizontal scaling", "无状态水平扩展", "stateless|horizontal*|scale out|load balanc*|replica*", "无状态|水平扩展|负载均衡|副本"),
      kp("Abuse protection: rate limits, malicious URLs", "防滥用：限流、恶意链接", "rate limit*|abuse|malicious|spam|phishing", "限流|滥用|恶意|钓鱼"),
    ],
  }),
  q({
    id: "be-13",
    topic: "rate-limiting",
    category: "system-design",
    difficulty: "hard",
    en: {
      question: "Design a rate limiter for a public API that runs on many servers.",
      reference:
        "Decide what is limited (per API key, user, IP, route) and the rule (e.g. 100 requests/minute with bursts). Algorithms: fixed window is simple but allows double bursts at the boundary; sliding-window log is exact but memory-hungry; sliding-window counter and token bucket are the common choices — token bucket allows controlled bursts and a steady refill rate. Because there are many servers the state lives in a shared store such as Redis, and the check-and-increment must be atomic (a Lua script or INCR with EXPIRE), or you accept slight overshoot with local counters synced periodically. Answer 429 with Retry-After and X-RateLimit-Remaining headers. Decide the failure mode: if Redis is down, fail open (availability) or closed (protection), and keep the check under a millisecond or two. Large tenants may need separate, configurable quotas.",
    },
    zh: {
      question: "为一个部署在多台服务器上的公共 API 设计限流器。",
      reference:
        "先确定限什么（按 API Key、用户、IP、路由）以及规则（例如每分钟 100 次，允许突发）。算法：固定窗口简单，但在窗口边界会出现双倍突发；滑动窗口日志精确但耗内存；滑动窗口计数和令牌桶最常用——令牌桶允许受控的突发，并以稳定速率补充。因为有多台服务器，状态放在 Redis 等共享存储里，检查加计数必须是原子的（Lua 脚本，或 INCR 配合 EXPIRE）；或者接受本地计数、定期同步带来的轻微超限。超限返回 429，并带 Retry-After 和 X-RateLimit-Remaining 头。还要确定故障模式：Redis 挂掉时是放行（保可用）还是拒绝（保护后端），并把检查耗时控制在一两毫秒内。大客户可能需要单独的、可配置的配额。",
    },
    keyPoints: [
      kp(
        "Algorithms: token bucket / sliding window / fixed window",
        "算法：令牌桶/滑动窗口/固定窗口",
        "token bucket|leaky bucket|sliding window|fixed window",
        "令牌桶|漏桶|滑动窗口|固定窗口",
      ),
      kp("Shared state (Redis) with atomic updates", "共享状态（Redis）并原子更新", "redis|shared|centrali*|atomic*|lua|incr", "Redis|共享|集中|原子|Lua"),
      kp(
        "Limit keys: per user, API key, IP, route",
        "限流维度：用户、API Key、IP、路由",
        "per user|per ip|api key|per key|per route|per client|tenant",
        "按用户|按 IP|API Key|维度|租户|按接口",
      ),
      kp("429 with Retry-After / rate-limit headers", "返回 429 与 Retry-After/限流头", "429|retry-after|x-ratelimit|header*", "429|Retry-After|响应头"),
      kp(
        "Failure mode (fail open/closed) and latency",
        "故障模式（放行/拒绝）与延迟",
        "fail open|fail closed|fail-open|fail-closed|fallback|latency|redis is down",
        "降级|放行|拒绝|故障|延迟|挂掉",
      ),
    ],
  }),
  q({
    id: "be-14",
    topic: "microservices",
    category: "system-design",
    difficulty: "hard",
    en: {
      question: "How would you split a monolith into microservices, and what tends to go wrong?",
      reference:
        'First ask whether to split at all: microservices buy independent deployment and scaling for separate teams, at the cost of network calls, operational overhead and distributed data. If yes, find boundaries along business domains (bounded contexts), not technical layers, and extract incrementally with the strangler-fig pattern: route one capability at a time to the new service while the monolith keeps the rest. Each service owns its data; no shared database tables, so cross-service workflows become sagas or events instead of transactions. What goes wrong: services cut too fine and chatty, a "distributed monolith" that must deploy together, shared databases, missing observability (you need tracing, centralised logs), and cascading failures without timeouts, retries with backoff and circuit breakers.',
    },
    zh: {
      question: "你会如何把一个单体应用拆分成微服务？通常会在哪些地方出问题？",
      reference:
        "先想清楚是否真的要拆：微服务换来的是不同团队可以独立部署和扩容，代价是网络调用、运维复杂度和分布式数据。如果要拆，按业务领域（限界上下文）而不是技术分层划分边界，并用绞杀者（strangler fig）模式渐进迁移：一次把一个能力路由到新服务，其余仍由单体处理。每个服务拥有自己的数据，不共享数据库表，所以跨服务流程要用 Saga 或事件，而不是本地事务。常见问题：拆得过细、调用过于频繁；变成必须一起发布的“分布式单体”；共享数据库；缺少可观测性（需要链路追踪、集中日志）；没有超时、退避重试和熔断导致级联故障。",
    },
    keyPoints: [
      kp(
        "Question whether to split (team/scaling benefit vs overhead)",
        "先判断是否值得拆（团队/扩展收益 vs 成本）",
        "overhead|complexity|team*|independent deploy*|whether to split|not always",
        "是否要拆|复杂度|成本|团队|独立部署",
      ),
      kp(
        "Boundaries by business domain (bounded contexts)",
        "按业务领域划分边界（限界上下文）",
        "domain*|bounded context*|ddd|business capabilit*",
        "领域|限界上下文|DDD|业务边界",
      ),
      kp(
        "Incremental extraction (strangler fig)",
        "渐进式拆分（绞杀者模式）",
        "strangler|incremental*|step by step|gradual*|one at a time",
        "绞杀者|渐进|逐步|分阶段",
      ),
      kp(
        "Database per service; sagas/events instead of transactions",
        "每个服务独立数据库；用 Saga/事件代替事务",
        "own* its data|database per service|data ownership|saga*|event*|distributed transaction*",
        "独立数据库|数据归属|Saga|事件|分布式事务",
      ),
      kp(
        "Observability and resilience (tracing, timeouts, circuit breakers)",
        "可观测性与容错（链路追踪、超时、熔断）",
        "tracing|observab*|timeout*|circuit breaker*|cascad*|retr*",
        "链路追踪|可观测|超时|熔断|级联|重试",
      ),
    ],
  }),
  q({
    id: "be-15",
    topic: "cap",
    category: "system-design",
    difficulty: "hard",
    en: {
      question: "Explain the CAP theorem and how it shows up in a real system you would build.",
      reference:
        "CAP says that when a network partition happens, a distributed store must choose between consistency (every read sees the latest write) and availability (every request gets a non-error answer). Partitions cannot be ruled out, so the real choice is CP or AP during a partition. A bank ledger or an inventory count is CP: better to reject a write than to accept conflicting ones (e.g. a quorum-based store or a single-leader database that refuses writes without a majority). A shopping cart, likes or a social feed can be AP: accept writes everywhere and reconcile later (last-writer-wins, CRDTs). PACELC adds that even without partitions you trade latency for consistency — synchronous replication is slower. In practice you pick per operation and often offer weaker guarantees like read-your-writes or eventual consistency, with quorums (R + W > N) to tune it.",
    },
    zh: {
      question: "解释一下 CAP 定理，以及它在你会构建的真实系统中如何体现。",
      reference:
        "CAP 指出：发生网络分区时，分布式存储只能在一致性（每次读都能看到最新写入）和可用性（每个请求都能得到非错误响应）之间二选一。分区无法避免，所以真正的选择是分区期间选 CP 还是 AP。银行账本或库存计数应该是 CP：宁可拒绝写入，也不接受相互冲突的写（例如基于多数派的存储，或者没有多数派就拒绝写的单主数据库）。购物车、点赞、社交信息流可以是 AP：各处都接受写入，之后再合并（后写者胜、CRDT）。PACELC 进一步指出，即使没有分区，也要在延迟和一致性之间权衡——同步复制更慢。实践中按操作来选择，常提供读己之写、最终一致性等较弱保证，并用 quorum（R + W > N）来调节。",
    },
    keyPoints: [
      kp("Under a partition, choose consistency or availability", "分区时在一致性与可用性之间选择", "partition*|consisten*|availab*", "分区|一致性|可用性"),
      kp("CP example (ledger, inventory)", "CP 的例子（账本、库存）", "cp|bank*|ledger|inventory|payment*|reject writes", "CP|银行|账本|库存|支付|拒绝写"),
      kp(
        "AP example with later reconciliation",
        "AP 的例子及事后合并",
        "ap|eventual*|reconcil*|crdt*|last-writer|last writer|merge",
        "AP|最终一致|合并|CRDT|后写",
      ),
      kp(
        "Quorums (R + W > N) and weaker guarantees",
        "Quorum（R+W>N）与较弱的一致性保证",
        "quorum*|r + w|majority|read-your-writes|read your writes",
        "quorum|多数派|R+W|读己之写",
      ),
      kp(
        "Latency vs consistency even without partitions (PACELC)",
        "无分区时也有延迟与一致性的取舍（PACELC）",
        "pacelc|latency|synchronous replication|replication lag",
        "PACELC|延迟|同步复制|复制延迟",
      ),
    ],
  }),
  q({
    id: "be-16",
    topic: "latency-debugging",
    category: "technical",
    difficulty: "hard",
    en: {
      question: "After a deploy, a service's p99 latency doubled but the average barely moved. How do you investigate?",
      reference:
        "A p99 jump with a flat average means a minority of requests got much slower, so I look for what is different about them. Start by confirming it lines up with the deploy and whether it is all instances or one (a canary, a bad node); if the deploy is the likely cause and users are hurting, roll back first and investigate after. Then break the latency down: distributed traces of slow requests show which span grew — a database query, a downstream call, a lock. Typical tail causes: a new query missing an index for some inputs, connection-pool exhaustion (requests waiting for a connection), garbage-collection pauses from more allocation, lock contention, retries with long timeouts, or a cache that now misses for some keys. Compare the diff of the deploy, reproduce with a load test, fix, and verify on the same percentile dashboards.",
    },
    zh: {
      question: "一次发布之后，某服务的 p99 延迟翻倍了，但平均延迟几乎没变。你会如何排查？",
      reference:
        "p99 上升而平均值不变，说明是少数请求变得很慢，所以要找这些请求有什么不同。先确认时间点与发布吻合，以及是全部实例还是个别实例（金丝雀、某个坏节点）；如果很可能是发布导致且用户受影响，先回滚，再排查。然后拆解延迟：慢请求的分布式链路追踪能看出哪个 span 变长了——数据库查询、下游调用还是锁。常见的长尾原因：新查询对某些输入没走索引；连接池耗尽（请求在等连接）；分配增多导致 GC 停顿；锁竞争；超时设置过长的重试；缓存对某些 key 不再命中。对比本次发布的改动，用压测复现，修复后在同样的分位数看板上验证。",
    },
    keyPoints: [
      kp(
        "Tail latency: find what slow requests have in common",
        "长尾：找出慢请求的共同点",
        "tail|percentile*|p99|minority|outlier*|some requests",
        "长尾|分位|p99|少数请求|部分请求",
      ),
      kp(
        "Correlate with the deploy; roll back if users hurt",
        "与发布关联；影响用户就先回滚",
        "roll back|rollback|revert*|canary|deploy*|diff",
        "回滚|发布|金丝雀|对比改动",
      ),
      kp(
        "Traces/metrics to find the slow span",
        "用链路追踪/指标找出慢的环节",
        "trac*|span*|metric*|dashboard*|apm|profil*",
        "链路|追踪|span|指标|监控|火焰图",
      ),
      kp(
        "Typical causes: missing index, pool exhaustion, GC, locks",
        "常见原因：缺索引、连接池耗尽、GC、锁",
        "index*|connection pool|pool exhaust*|gc|garbage collect*|lock*|contention",
        "索引|连接池|GC|垃圾回收|锁",
      ),
      kp("Reproduce with a load test and verify the fix", "压测复现并验证修复", "load test*|reproduc*|benchmark*|verify", "压测|复现|验证|基准"),
    ],
  }),
  q({
    id: "be-17",
    topic: "outbox",
    category: "system-design",
    difficulty: "hard",
    en: {
      question: 'A service must save an order to its database and publish an "order created" event. How do you keep the two consistent?',
      reference:
        "Writing to the database and then publishing to the broker is a dual write: if the process dies between the two, or the publish fails after the commit, the event is lost; publishing first risks an event for an order that was rolled back. The transactional outbox fixes it: in the same database transaction as the order, insert a row into an outbox table; a relay process reads unsent outbox rows and publishes them, marking them sent, retrying until the broker acknowledges. Alternatively, change data capture (Debezium reading the binlog/WAL) publishes the changes. Both give at-least-once delivery, so consumers must be idempotent (dedupe by event id), and ordering is kept per aggregate by partitioning on the order id.",
    },
    zh: {
      question: "某服务需要把订单写入数据库，并发布一个“订单已创建”事件。你如何保证两者一致？",
      reference:
        "先写库再发消息属于“双写”：如果进程在两步之间挂掉，或者提交后发布失败，事件就丢了；先发消息则可能为一个已经回滚的订单发出事件。事务性发件箱（Outbox）可以解决：在写订单的同一个数据库事务里，向 outbox 表插入一行；一个中继进程读取未发送的 outbox 记录并发布，收到 broker 确认后标记为已发送，失败就重试。另一种方案是变更数据捕获（CDC，例如 Debezium 读取 binlog/WAL）来发布变更。两者都是至少一次投递，消费者必须幂等（按事件 id 去重）；按订单 id 分区可以保证同一订单事件的顺序。",
    },
    keyPoints: [
      kp(
        "The dual-write problem (lost or phantom events)",
        "双写问题（事件丢失或凭空出现）",
        "dual write*|dual-write|two writes|lost|crash* between|inconsisten*",
        "双写|丢失|不一致|两步之间",
      ),
      kp(
        "Transactional outbox in the same transaction",
        "同一事务内写 outbox 表",
        "outbox|same transaction|local transaction",
        "Outbox|发件箱|同一事务|本地消息表|本地事务",
      ),
      kp("A relay publishes and retries", "中继进程发布并重试", "relay|poll*|publish*|retr*|mark* as sent", "中继|轮询|重试|发布|标记"),
      kp(
        "Change data capture as an alternative",
        "变更数据捕获（CDC）作为替代",
        "cdc|change data capture|debezium|binlog|wal",
        "CDC|变更数据捕获|binlog|Debezium|Canal",
      ),
      kp("Idempotent consumers and per-key ordering", "幂等消费与按键有序", "idempot*|dedup*|ordering|partition*|event id", "幂等|去重|顺序|分区"),
    ],
  }),
  q({
    id: "be-18",
    topic: "migrations",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "How do you run a database schema change — say, renaming a column — without downtime?",
      reference:
        "Old and new application versions run side by side during a deploy, so every step must be compatible with both (expand/contract). To rename a column: add the new column (nullable, no table rewrite); deploy code that writes both columns and reads the old one; backfill existing rows in small batches to avoid long locks and replication lag; switch reads to the new column; stop writing the old one; finally drop it in a later release. Watch for operations that lock the table: in PostgreSQL create indexes CONCURRENTLY, add constraints as NOT VALID then validate, and set a lock timeout so a migration fails fast instead of queueing all traffic behind it. Each step is reversible, and migrations are run and tested in CI against a copy of production-sized data.",
    },
    zh: {
      question: "你如何在不停机的情况下做数据库结构变更——比如给一个列改名？",
      reference:
        "发布期间新旧版本的应用同时运行，所以每一步都必须同时兼容两者（扩展/收缩，expand/contract）。给列改名的步骤：先新增列（可为空，不重写表）；发布同时写两列、仍读旧列的代码；分小批回填历史数据，避免长时间锁表和主从延迟；把读切到新列；停止写旧列；最后在之后的版本中删除旧列。注意会锁表的操作：在 PostgreSQL 中用 CONCURRENTLY 建索引，约束先以 NOT VALID 添加再校验，并设置锁超时，让迁移快速失败，而不是让所有流量排在它后面。每一步都可回退，并在 CI 中对接近生产规模的数据执行和测试迁移。",
    },
    keyPoints: [
      kp(
        "Old and new code run together: backward compatible steps (expand/contract)",
        "新旧代码并存：向后兼容的分步变更（扩展/收缩）",
        "backward* compatib*|expand*|contract|both versions|side by side|compatib*",
        "兼容|扩展收缩|新旧版本|分步",
      ),
      kp(
        "Add new column, dual-write, switch reads, drop later",
        "新增列、双写、切读、最后删除",
        "add* the new column|new column|dual write*|write both|switch reads|drop",
        "新增列|双写|切换读|删除旧列",
      ),
      kp("Backfill in batches", "分批回填", "backfill*|batch*", "回填|分批|批量"),
      kp(
        "Avoid long locks (CONCURRENTLY, lock timeout)",
        "避免长时间锁表（CONCURRENTLY、锁超时）",
        "lock*|concurrently|not valid|lock timeout|online ddl|gh-ost",
        "锁表|CONCURRENTLY|锁超时|Online DDL|gh-ost",
      ),
      kp("Reversible steps tested before production", "每步可回退，并在上线前测试", "rollback|roll back|revers*|test*|staging", "回滚|回退|可逆|测试|预发"),
    ],
  }),
];
