import { forArea, kp } from "./types";

/** Mobile engineering (iOS and Android): lifecycle, threading, storage, offline, performance, architecture, releases. Written for Panelist. */
const q = forArea("mobile");

export const MOBILE = [
  q({
    id: "mo-01",
    topic: "lifecycle",
    category: "technical",
    difficulty: "easy",
    en: {
      question: "Describe the lifecycle of an Android Activity or an iOS view controller, and why it matters.",
      reference:
        "On Android an Activity goes through onCreate (set up the UI and state), onStart (visible), onResume (in the foreground and interactive), then onPause when it loses focus, onStop when no longer visible, and onDestroy. On iOS a view controller has viewDidLoad once, then viewWillAppear/viewDidAppear and viewWillDisappear/viewDidDisappear each time it is shown or hidden, and the app itself moves between active, inactive, background and suspended. It matters because the system can pause or kill the app at any time: start and stop work (camera, location, listeners, animations) in matching callbacks to avoid leaks and battery drain, save state so the user returns to where they were after the process is killed (onSaveInstanceState, SavedStateHandle, state restoration), and handle configuration changes such as rotation, which on Android recreate the Activity — the reason ViewModels exist.",
    },
    zh: {
      question: "描述一下 Android Activity 或 iOS ViewController 的生命周期，以及它为什么重要。",
      reference:
        "在 Android 上，Activity 依次经历 onCreate（初始化界面和状态）、onStart（可见）、onResume（位于前台、可交互），失去焦点时 onPause，不可见时 onStop，最后 onDestroy。在 iOS 上，ViewController 只调用一次 viewDidLoad，每次显示或隐藏时调用 viewWillAppear/viewDidAppear 和 viewWillDisappear/viewDidDisappear，而 App 本身在 active、inactive、background、suspended 之间切换。它重要是因为系统随时可能暂停或杀掉 App：要在成对的回调中启动和停止工作（相机、定位、监听器、动画），避免内存泄漏和耗电；要保存状态，使进程被杀后用户回来仍在原来的位置（onSaveInstanceState、SavedStateHandle、状态恢复）；还要处理旋转等配置变更——在 Android 上它会重建 Activity，这正是 ViewModel 存在的原因。",
    },
    keyPoints: [
      kp(
        "Creation and becoming visible/active (onCreate, viewDidLoad…)",
        "创建与变为可见/活跃（onCreate、viewDidLoad…）",
        "oncreate|onstart|onresume|viewdidload|viewwillappear|viewdidappear|foreground",
        "onCreate|onStart|onResume|viewDidLoad|viewWillAppear|前台",
      ),
      kp(
        "Pausing, stopping and destruction / background",
        "暂停、停止、销毁 / 进入后台",
        "onpause|onstop|ondestroy|viewwilldisappear|viewdiddisappear|background|suspend*",
        "onPause|onStop|onDestroy|后台|挂起|销毁",
      ),
      kp(
        "Save and restore state when the process is killed",
        "进程被杀时保存并恢复状态",
        "save* state|restore*|onsaveinstancestate|savedstatehandle|process death|killed",
        "保存状态|恢复|onSaveInstanceState|进程被杀|被回收",
      ),
      kp(
        "Configuration changes (rotation) and ViewModel",
        "配置变更（旋转）与 ViewModel",
        "rotation|configuration change*|recreat*|viewmodel",
        "旋转|横竖屏|配置变更|重建|ViewModel",
      ),
      kp(
        "Release resources in matching callbacks (leaks, battery)",
        "在成对的回调中释放资源（泄漏、耗电）",
        "release|leak*|battery|listener*|unregister*|stop*",
        "释放|泄漏|耗电|监听|注销",
      ),
    ],
  }),
  q({
    id: "mo-02",
    topic: "main-thread",
    category: "technical",
    difficulty: "easy",
    en: {
      question: "Why must UI work happen on the main thread, and how do you keep slow work off it?",
      reference:
        'UI toolkits on both platforms are single-threaded: views may only be touched from the main thread, which also handles input and drawing each frame (about 16 ms at 60 Hz). Blocking it with network calls, disk or database access, JSON parsing of large payloads or image decoding causes dropped frames and jank, and on Android an "Application Not Responding" dialog after about five seconds; iOS\'s watchdog kills apps that block too long at launch. So slow work runs in the background — Kotlin coroutines with Dispatchers.IO/Default, Swift async/await, Grand Central Dispatch queues, WorkManager or BGTaskScheduler for deferrable work — and results are delivered back to the main thread (withContext(Main), @MainActor, DispatchQueue.main) to update the UI. Work is tied to a lifecycle scope so it is cancelled when the screen goes away. StrictMode and the Main Thread Checker catch violations during development.',
    },
    zh: {
      question: "为什么 UI 操作必须在主线程进行？你如何把耗时工作移出主线程？",
      reference:
        "两个平台的 UI 框架都是单线程的：视图只能在主线程上操作，主线程还要处理输入并绘制每一帧（60Hz 下约 16 毫秒）。在主线程上做网络请求、磁盘或数据库读写、解析大 JSON、解码图片会导致掉帧和卡顿，在 Android 上约 5 秒后会弹出“应用无响应”（ANR）；iOS 的看门狗会杀掉启动时阻塞过久的 App。所以耗时工作放在后台执行——Kotlin 协程配合 Dispatchers.IO/Default、Swift async/await、GCD 队列，可延后的工作用 WorkManager 或 BGTaskScheduler——再把结果切回主线程（withContext(Main)、@MainActor、DispatchQueue.main）更新界面。工作要绑定生命周期作用域，页面销毁时自动取消。开发阶段用 StrictMode 和 Main Thread Checker 发现违规。",
    },
    keyPoints: [
      kp(
        "UI toolkit is single-threaded; main thread draws frames",
        "UI 框架是单线程的；主线程负责绘制每一帧",
        "single-thread*|single thread*|main thread|ui thread|frame*|16 ms|16ms",
        "单线程|主线程|UI 线程|帧|16",
      ),
      kp(
        "Blocking causes jank / ANR",
        "阻塞会导致卡顿 / ANR",
        "jank|anr|not responding|freez*|dropped frames|block*|watchdog",
        "卡顿|ANR|无响应|掉帧|阻塞|看门狗",
      ),
      kp(
        "Background execution: coroutines, GCD, async/await",
        "后台执行：协程、GCD、async/await",
        "coroutine*|dispatchers|gcd|grand central|async|await|background thread*|executor*|workmanager",
        "协程|GCD|async|await|后台线程|线程池|WorkManager",
      ),
      kp(
        "Return results to the main thread",
        "把结果切回主线程",
        "main thread|mainactor|dispatchqueue.main|withcontext|post|runonuithread",
        "切回主线程|主线程更新|MainActor",
      ),
      kp("Lifecycle-scoped cancellation", "绑定生命周期并自动取消", "cancel*|lifecycle|scope|viewmodelscope|lifecyclescope", "取消|生命周期|作用域"),
    ],
  }),
  q({
    id: "mo-03",
    topic: "local-storage",
    category: "technical",
    difficulty: "easy",
    en: {
      question: "What options do you have for storing data locally in a mobile app, and how do you choose?",
      reference:
        "Small key-value settings and flags: SharedPreferences or DataStore on Android, UserDefaults on iOS — not for large or sensitive data. Structured data that you query, sort or sync: a database — SQLite through Room on Android, Core Data or SwiftData on iOS, or cross-platform options like Realm or SQLDelight — with migrations when the schema changes. Large blobs such as images, downloads or media go into files in the app's sandbox, in the cache directory if they can be re-downloaded (the OS may clear it). Secrets like tokens and passwords belong in the Keychain on iOS or the Android Keystore (EncryptedSharedPreferences), never in plain preferences. The choice depends on the size and shape of the data, whether you need queries, whether it must survive reinstall or be backed up, and how sensitive it is.",
    },
    zh: {
      question: "在移动 App 中，本地存储数据有哪些选择？你如何选择？",
      reference:
        "少量键值配置和开关：Android 用 SharedPreferences 或 DataStore，iOS 用 UserDefaults——不适合大量或敏感数据。需要查询、排序或同步的结构化数据：用数据库——Android 上通过 Room 使用 SQLite，iOS 用 Core Data 或 SwiftData，或者 Realm、SQLDelight 等跨平台方案——并在表结构变化时做迁移。图片、下载内容、媒体等大文件存为 App 沙盒中的文件，可以重新下载的放在缓存目录（系统可能会清理）。令牌、密码等机密信息放在 iOS 的钥匙串（Keychain）或 Android Keystore（EncryptedSharedPreferences）中，绝不能明文存在普通配置里。选择取决于数据的大小和形态、是否需要查询、是否需要在重装后保留或备份，以及敏感程度。",
    },
    keyPoints: [
      kp(
        "Key-value: SharedPreferences/DataStore, UserDefaults",
        "键值存储：SharedPreferences/DataStore、UserDefaults",
        "sharedpreferences|datastore|userdefaults|key-value|key value|preferences",
        "SharedPreferences|DataStore|UserDefaults|键值",
      ),
      kp(
        "Database: SQLite/Room/Core Data for structured data",
        "数据库：SQLite/Room/Core Data 存结构化数据",
        "sqlite|room|core data|coredata|swiftdata|realm|database|migration*",
        "SQLite|Room|Core Data|Realm|数据库|迁移",
      ),
      kp("Files and cache directories for large data", "大文件存文件和缓存目录", "file*|cache director*|sandbox|documents|blob*", "文件|缓存目录|沙盒|沙箱"),
      kp(
        "Secrets in Keychain / Keystore",
        "机密信息存 Keychain/Keystore",
        "keychain|keystore|encrypt*|secure storage|token*",
        "钥匙串|Keychain|Keystore|加密|安全存储|令牌",
      ),
      kp(
        "Choose by size, queries, sensitivity, persistence",
        "按大小、查询需求、敏感度、持久性选择",
        "size|query|sensitiv*|backup|persist*|depends",
        "大小|查询|敏感|备份|持久|取决于",
      ),
    ],
  }),
  q({
    id: "mo-04",
    topic: "offline-sync",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "How would you make a mobile app work offline and sync when it reconnects?",
      reference:
        "Make the local database the single source of truth for the UI: screens observe local data, and the network only updates that store (offline-first), so the app works the same with or without a connection. User changes are written locally at once and recorded in an outbox/queue of pending operations, each with a client-generated id so retries are idempotent. When connectivity returns — or on a schedule via WorkManager/BGTaskScheduler — a sync process pushes pending operations and pulls server changes since the last sync token. Conflicts when the same record changed on both sides need a rule: last-writer-wins with timestamps, field-level merging, server-authoritative with user prompts, or CRDTs for collaborative data. Retries use exponential backoff, and the UI shows sync state (pending, failed) so the user is never misled about what has been saved.",
    },
    zh: {
      question: "你会如何让一个移动 App 支持离线使用，并在恢复网络后同步？",
      reference:
        "让本地数据库成为界面唯一的数据源：页面观察本地数据，网络只负责更新本地存储（离线优先），这样无论有没有网络，App 的表现都一样。用户的修改立即写入本地，并记入待同步操作的队列（outbox），每个操作都带客户端生成的 id，保证重试是幂等的。网络恢复时——或者通过 WorkManager/BGTaskScheduler 定时——同步进程推送待处理的操作，并拉取自上次同步标记之后的服务端变更。同一条记录在两端都被修改时需要冲突规则：按时间戳后写者胜、字段级合并、以服务端为准并提示用户，或者对协作数据使用 CRDT。重试采用指数退避，界面显示同步状态（待同步、失败），绝不让用户误以为数据已经保存。",
    },
    keyPoints: [
      kp(
        "Local database as the source of truth (offline-first)",
        "本地数据库作为数据源（离线优先）",
        "offline-first|offline first|local database|single source of truth|local db|cache|room|core data",
        "离线优先|本地数据库|单一数据源|本地缓存",
      ),
      kp(
        "Queue pending changes with ids (idempotent)",
        "把待同步的修改排队并带 id（幂等）",
        "queue*|pending|outbox|idempot*|client id|uuid",
        "队列|待同步|待提交|幂等|唯一 id",
      ),
      kp("Conflict resolution rules", "冲突解决规则", "conflict*|last-writer|last write|timestamp*|merge|crdt*|version*", "冲突|后写|时间戳|合并|CRDT|版本"),
      kp(
        "Sync triggers, incremental pull and backoff",
        "同步触发、增量拉取与退避",
        "reconnect*|connectivity|workmanager|background sync|sync token|delta|incremental|backoff",
        "网络恢复|触发|后台同步|增量|退避",
      ),
      kp("Show sync state in the UI", "在界面上显示同步状态", "sync state|status|indicator|pending|failed|ui", "同步状态|状态|提示|待同步|失败"),
    ],
  }),
  q({
    id: "mo-05",
    topic: "memory-leaks",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "How do you find and fix a memory leak in a mobile app?",
      reference:
        "Symptoms are memory that keeps growing as you navigate back and forth, and eventually out-of-memory crashes or the OS killing the app. Find it with tools: LeakCanary on Android reports retained Activities and Fragments with the reference chain; Android Studio's memory profiler and heap dumps; on iOS Xcode's Memory Graph Debugger and Instruments (Leaks, Allocations). Typical causes: on iOS, retain cycles — a closure capturing self strongly while self holds the closure, delegates declared strong, timers retaining their target; on Android, long-lived objects (singletons, static fields, background tasks, listeners) holding a reference to an Activity, View or Context after it should be gone. Fixes: [weak self] or unowned in closures and weak delegates; use the application context for long-lived objects; unregister listeners and cancel work in the matching lifecycle callback, or use lifecycle-aware components and scopes that do it automatically. Confirm the fix by repeating the scenario and checking that memory returns to baseline.",
    },
    zh: {
      question: "你如何发现并修复移动 App 中的内存泄漏？",
      reference:
        "症状是来回切换页面时内存持续增长，最终出现 OOM 崩溃或被系统杀掉。用工具发现：Android 上的 LeakCanary 会报告被持有的 Activity、Fragment 以及引用链；Android Studio 的内存分析器和堆转储；iOS 上 Xcode 的 Memory Graph Debugger 和 Instruments（Leaks、Allocations）。常见原因：iOS 上的循环引用——闭包强引用 self，而 self 又持有这个闭包；delegate 声明为强引用；定时器持有 target。Android 上是长生命周期对象（单例、静态字段、后台任务、监听器）在 Activity、View 或 Context 本应释放后仍持有其引用。修复：闭包中用 [weak self] 或 unowned，delegate 用 weak；长生命周期对象使用 Application Context；在对应的生命周期回调中注销监听、取消任务，或者使用能自动完成这些的生命周期感知组件和作用域。重复场景并确认内存回到基线，来验证修复。",
    },
    keyPoints: [
      kp(
        "Tools: LeakCanary, profiler/heap dump, Instruments/Memory Graph",
        "工具：LeakCanary、内存分析/堆转储、Instruments/Memory Graph",
        "leakcanary|profiler|heap dump|instruments|memory graph|allocations|mat",
        "LeakCanary|内存分析|堆转储|Instruments|Memory Graph|MAT",
      ),
      kp(
        "Retain cycles / strong references in closures and delegates",
        "闭包和 delegate 中的循环引用/强引用",
        "retain cycle*|reference cycle*|strong reference*|closure*|delegate*|capture*",
        "循环引用|强引用|闭包|delegate|捕获",
      ),
      kp(
        "Long-lived objects holding Activity/Context",
        "长生命周期对象持有 Activity/Context",
        "context|activity|static|singleton*|long-lived|listener*|handler",
        "Context|Activity|静态|单例|长生命周期|监听|Handler",
      ),
      kp("Fix with weak references", "用弱引用修复", "weak|unowned|weakreference|weak self", "弱引用|weak|unowned"),
      kp(
        "Lifecycle-aware cleanup and verify memory returns to baseline",
        "生命周期感知的清理，并验证内存回到基线",
        "lifecycle|unregister*|cancel*|clean*|baseline|verify",
        "生命周期|注销|取消|清理|基线|验证",
      ),
    ],
  }),
  q({
    id: "mo-06",
    topic: "list-performance",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "A long list in your app stutters when scrolling. How do you make it smooth?",
      reference:
        "First measure: profile with Android Studio's profiler or systrace/Perfetto, or Instruments' Time Profiler and the Animation Hitches tool, to see which frames miss their deadline and why. Make sure cells are recycled — RecyclerView, LazyColumn with stable keys, UITableView/UICollectionView with reuse identifiers — rather than creating views per item. Keep binding cheap: no disk, network, date formatting or heavy layout on the main thread; precompute display data in the view model. Load images asynchronously with a library (Glide, Coil, Kingfisher, SDWebImage) that caches and downsamples to the view's size, and cancels requests for cells that scroll away. Flatten deep view hierarchies and avoid expensive effects such as offscreen rendering of shadows and rounded corners. Apply updates with diffing (DiffUtil, diffable data sources) instead of reloading everything, and prefetch data and images ahead of the scroll position.",
    },
    zh: {
      question: "App 中一个很长的列表滚动时卡顿。你如何让它变得流畅？",
      reference:
        "先测量：用 Android Studio 的性能分析器或 systrace/Perfetto，或者 Instruments 的 Time Profiler 和 Animation Hitches，看哪些帧错过了时限以及原因。确保复用单元格——RecyclerView、带稳定 key 的 LazyColumn、使用重用标识的 UITableView/UICollectionView——而不是为每一项创建新视图。让绑定数据的过程足够轻：主线程上不做磁盘、网络、日期格式化或复杂布局；在 ViewModel 中预先算好显示数据。用图片库（Glide、Coil、Kingfisher、SDWebImage）异步加载图片，它会缓存、按视图尺寸降采样，并取消滑出屏幕的单元格的请求。扁平化过深的视图层级，避免离屏渲染阴影、圆角等高开销效果。用差分更新（DiffUtil、diffable data source）代替整体刷新，并在滚动位置之前预取数据和图片。",
    },
    keyPoints: [
      kp(
        "Profile to find the slow frames",
        "用性能分析找出慢帧",
        "profil*|systrace|perfetto|instruments|time profiler|measure*|frame*",
        "性能分析|Profiler|Systrace|Instruments|测量|帧",
      ),
      kp(
        "Recycle / reuse cells",
        "复用单元格",
        "recycl*|reuse*|recyclerview|lazycolumn|uitableview|uicollectionview|dequeue*",
        "复用|回收|RecyclerView|LazyColumn|UITableView|重用",
      ),
      kp(
        "Cheap binding: no heavy work on the main thread",
        "绑定轻量：主线程不做重活",
        "main thread|bind*|precomput*|background|heavy work|layout",
        "主线程|绑定|预计算|后台|布局",
      ),
      kp(
        "Async image loading with caching and downsampling",
        "异步加载图片，带缓存与降采样",
        "image*|glide|coil|kingfisher|sdwebimage|downsampl*|cach*|async*",
        "图片|Glide|Kingfisher|降采样|缓存|异步",
      ),
      kp(
        "Diffing updates and prefetching; flat hierarchies",
        "差分更新与预取；扁平视图层级",
        "diffutil|diff*|prefetch*|hierarch*|offscreen|overdraw",
        "差分|DiffUtil|预取|预加载|层级|离屏渲染|过度绘制",
      ),
    ],
  }),
  q({
    id: "mo-07",
    topic: "cross-platform",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "Compare native development with cross-platform frameworks such as Flutter or React Native. How would you choose for a new app?",
      reference:
        "Native (Swift/SwiftUI, Kotlin/Jetpack Compose) gives the best performance, immediate access to new platform APIs and the most faithful platform look and behaviour, but means two codebases and usually two teams. Cross-platform shares most code: Flutter draws its own UI with its rendering engine, so it looks identical everywhere and performs well, but doesn't use native widgets; React Native renders native views driven by JavaScript and suits teams with web and React skills. Both speed up delivery for typical business apps, but anything deeply platform-specific — Bluetooth, background processing, widgets, AR, complex camera work — needs native modules and developers who know each platform, and you depend on the framework keeping up with OS releases. I'd choose by the app's needs (performance-critical or platform-heavy → native), team skills, time to market and long-term maintenance; Kotlin Multiplatform is a middle path that shares logic but keeps native UI.",
    },
    zh: {
      question: "比较原生开发与 Flutter、React Native 等跨平台框架。对于一个新 App，你会如何选择？",
      reference:
        "原生开发（Swift/SwiftUI、Kotlin/Jetpack Compose）性能最好，能第一时间使用平台新 API，外观和交互最贴合平台规范，但意味着两套代码，通常也需要两个团队。跨平台方案共享大部分代码：Flutter 用自己的渲染引擎绘制界面，所以在各平台上外观一致、性能不错，但不使用原生控件；React Native 用 JavaScript 驱动原生视图，适合具备 Web 和 React 技能的团队。两者都能加快普通业务类 App 的交付，但深度依赖平台的功能——蓝牙、后台处理、桌面小组件、AR、复杂的相机功能——需要原生模块以及熟悉各平台的开发者，而且要依赖框架跟上系统版本的更新。我会根据 App 的需求（性能关键或强依赖平台能力 → 原生）、团队技能、上线时间和长期维护成本来选择；Kotlin Multiplatform 是一个折中方案：共享逻辑，保留原生界面。",
    },
    keyPoints: [
      kp(
        "Performance and native API access",
        "性能与原生 API 的访问",
        "performance|native api*|platform api*|latest api*|fast*",
        "性能|原生 API|平台能力|新 API",
      ),
      kp(
        "Code sharing and development speed",
        "代码复用与开发速度",
        "code shar*|share* code|single codebase|one codebase|two codebases|speed|time to market|faster",
        "代码复用|一套代码|两套代码|开发效率|上线速度",
      ),
      kp(
        "UI fidelity: own rendering vs native widgets",
        "界面一致性：自绘与原生控件",
        "render*|widget*|look and feel|platform convention*|native view*|ui",
        "渲染|自绘|控件|原生视图|一致|界面",
      ),
      kp(
        "Native modules / bridges for platform features",
        "平台功能需要原生模块/桥接",
        "native module*|bridge|platform channel*|plugin*|bluetooth|background",
        "原生模块|桥接|插件|蓝牙|后台",
      ),
      kp(
        "Decide by team skills, needs and maintenance",
        "根据团队技能、需求与维护成本决定",
        "team|skill*|hiring|maintenance|long-term|ecosystem|kotlin multiplatform|kmp",
        "团队|技能|招聘|维护|长期|生态|KMP",
      ),
    ],
  }),
  q({
    id: "mo-08",
    topic: "mobile-architecture",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "Which architecture do you use for mobile apps — MVVM, MVI, Clean Architecture — and why?",
      reference:
        "I usually use MVVM with unidirectional data flow, close to what Google recommends for Android and common with SwiftUI: the view renders a single immutable UI state exposed by a ViewModel (StateFlow, @Published/@Observable) and sends user events back to it; the ViewModel calls use cases or repositories; repositories hide whether data comes from the network or the local database. The reasons are separation of concerns — views stay thin and dumb, logic is in plain classes — testability, since ViewModels and repositories can be unit-tested without a device, and predictable state handling that survives configuration changes. Dependency injection (Hilt, Koin, or initializer injection on iOS) wires the layers and makes fakes easy in tests. MVI makes state transitions even more explicit, which helps on complex screens. I scale the amount of layering to the app: a full Clean Architecture with use cases for every call is overkill for a small app.",
    },
    zh: {
      question: "你在移动 App 中使用什么架构——MVVM、MVI 还是 Clean Architecture？为什么？",
      reference:
        "我通常使用带单向数据流的 MVVM，这接近 Google 对 Android 的推荐，在 SwiftUI 中也很常见：视图渲染 ViewModel 暴露的单一、不可变的 UI 状态（StateFlow、@Published/@Observable），并把用户事件发回给它；ViewModel 调用用例或仓库；仓库屏蔽数据来自网络还是本地数据库。理由是关注点分离——视图保持轻薄，逻辑在普通类中——可测试性，ViewModel 和仓库无需设备就能做单元测试；以及可预测的状态管理，能在配置变更后保留。依赖注入（Hilt、Koin，或 iOS 上的构造器注入）把各层连接起来，也让测试中替换假实现变得容易。MVI 让状态转换更加显式，对复杂页面有帮助。我会根据 App 的规模调整分层程度：对小 App 来说，每个调用都写用例的完整 Clean Architecture 是过度设计。",
    },
    keyPoints: [
      kp(
        "Separation of concerns: view, ViewModel, repository",
        "关注点分离：视图、ViewModel、仓库",
        "separation of concerns|viewmodel|repository|layer*|mvvm|mvi|clean architecture",
        "关注点分离|ViewModel|仓库|分层|MVVM|MVI|Clean",
      ),
      kp(
        "Unidirectional data flow / single UI state",
        "单向数据流 / 单一 UI 状态",
        "unidirectional|single state|ui state|immutable state|stateflow|observable|state",
        "单向数据流|UI 状态|不可变|StateFlow|状态",
      ),
      kp("Testability", "可测试性", "test*|unit test*|mock*|fake*", "测试|单元测试|Mock"),
      kp("Dependency injection", "依赖注入", "dependency injection|di|hilt|dagger|koin|inject*", "依赖注入|DI|Hilt|Dagger|Koin|注入"),
      kp(
        "Avoid over-engineering; scale to app size",
        "避免过度设计；按 App 规模调整",
        "over-engineer*|overkill|simple|small app|pragmatic|boilerplate",
        "过度设计|简单|小项目|务实|样板代码",
      ),
    ],
  }),
  q({
    id: "mo-09",
    topic: "mobile-release",
    category: "system-design",
    difficulty: "hard",
    en: {
      question: "Once a mobile app binary is in users' hands you can't roll it back. How do you release safely?",
      reference:
        "Ship new behaviour behind feature flags or remote config, so a problem can be switched off without a new release, and so features can be turned on gradually by percentage or segment after the binary is widely installed. Use staged rollouts (Google Play percentage rollout, App Store phased release) and watch crash-free users, ANRs, key funnels and reviews before widening; halt the rollout if they degrade. Crash reporting (Crashlytics, Sentry) with symbolicated stack traces and release health dashboards make the decision quick. Before that: automated tests in CI, internal dogfooding and beta channels (TestFlight, Play internal/closed testing). Because old versions live for months, the backend must stay compatible with them — versioned APIs, additive changes — and a minimum-supported-version check lets you force or nudge an upgrade when an old version is broken or insecure. A regular release train keeps each release small.",
    },
    zh: {
      question: "移动 App 的安装包一旦到了用户手里就无法回滚。你如何安全地发布？",
      reference:
        "把新功能放在功能开关或远程配置后面发布，这样出问题时无需发新版本就能关闭，也可以在安装包广泛普及后按比例或人群逐步开启。使用分阶段发布（Google Play 按比例发布、App Store 分阶段发布），在扩大范围之前观察无崩溃用户率、ANR、关键漏斗和应用商店评价；指标变差就暂停发布。崩溃上报（Crashlytics、Sentry）配合符号化的堆栈和版本健康看板，让决策更快。在此之前：CI 中的自动化测试、内部试用和测试渠道（TestFlight、Play 内部/封闭测试）。因为旧版本会存在几个月，后端必须兼容它们——版本化的 API、只做增量变更——再配合最低支持版本检查，当旧版本有严重问题或安全漏洞时，可以强制或引导升级。固定节奏的发布火车让每次发布都保持较小的改动。",
    },
    keyPoints: [
      kp(
        "Feature flags / remote config as a kill switch",
        "功能开关/远程配置作为紧急开关",
        "feature flag*|feature toggle*|remote config|kill switch|toggle*",
        "功能开关|开关|远程配置|灰度开关",
      ),
      kp("Staged / phased rollout", "分阶段发布", "staged rollout|phased release|percentage|rollout|gradual*|canary", "分阶段|灰度|按比例|逐步|放量"),
      kp(
        "Crash monitoring and release health",
        "崩溃监控与版本健康",
        "crashlytics|sentry|crash*|crash-free|anr|monitor*|dashboard*",
        "崩溃|Crashlytics|Sentry|ANR|监控|看板",
      ),
      kp(
        "Beta testing and automated tests",
        "测试渠道与自动化测试",
        "testflight|beta|dogfood*|internal test*|automated test*|ci|qa",
        "TestFlight|内测|灰度测试|自动化测试|CI|测试",
      ),
      kp(
        "Backward-compatible APIs and forced/minimum version",
        "后端接口兼容与最低版本/强制升级",
        "backward* compatib*|old version*|force* update|forced upgrade|minimum version|min version|api version*",
        "向后兼容|旧版本|强制更新|强制升级|最低版本|接口版本",
      ),
    ],
  }),
  q({
    id: "mo-10",
    topic: "image-pipeline",
    category: "system-design",
    difficulty: "hard",
    en: {
      question: "Design the image loading and caching layer for a photo-heavy mobile app.",
      reference:
        "Requests go through a loader with a two-level cache: an in-memory LRU cache of decoded bitmaps sized to a fraction of available memory (and trimmed on memory warnings), then a disk cache of encoded bytes with its own size limit, then the network. Images are decoded and downsampled to the size of the target view, off the main thread — decoding a 12-megapixel photo into a thumbnail cell is the most common memory problem. Requests for the same URL in flight are deduplicated; requests for cells that scroll off-screen are cancelled; visible items get priority and upcoming ones are prefetched. The server or CDN helps by offering resized variants (a width parameter) in modern formats (WebP, AVIF, HEIC), with cache headers and content-hashed URLs for invalidation. Show placeholders or blurred previews (BlurHash) while loading, and retry failures with backoff. In practice I'd build on Glide/Coil or Kingfisher/Nuke and configure them rather than write this from scratch.",
    },
    zh: {
      question: "为一个以图片为主的移动 App 设计图片加载和缓存层。",
      reference:
        "请求经过一个带两级缓存的加载器：先是已解码位图的内存 LRU 缓存，大小为可用内存的一部分（收到内存警告时缩减）；然后是存放编码后字节的磁盘缓存，有自己的容量上限；最后才是网络。图片在主线程之外解码，并按目标视图的尺寸降采样——把一张 1200 万像素的照片解码后塞进缩略图单元格，是最常见的内存问题。对正在进行中的同一 URL 请求去重；滑出屏幕的单元格的请求被取消；可见项优先，即将出现的项预取。服务端或 CDN 提供不同尺寸的版本（宽度参数），使用现代格式（WebP、AVIF、HEIC），配合缓存头和带内容哈希的 URL 来失效。加载时显示占位图或模糊预览（BlurHash），失败时退避重试。实际工作中我会基于 Glide/Coil 或 Kingfisher/Nuke 进行配置，而不是从零编写。",
    },
    keyPoints: [
      kp(
        "Memory LRU cache plus disk cache",
        "内存 LRU 缓存加磁盘缓存",
        "memory cache|lru|disk cache|two-level|two level|cache",
        "内存缓存|LRU|磁盘缓存|二级缓存|三级缓存|缓存",
      ),
      kp(
        "Downsample/decode to view size off the main thread",
        "在主线程外按视图尺寸解码/降采样",
        "downsampl*|resiz*|decod*|thumbnail*|view size|insamplesize|background",
        "降采样|缩放|解码|缩略图|尺寸|后台",
      ),
      kp(
        "Cancel off-screen requests, prioritise, prefetch",
        "取消屏幕外请求、优先级、预取",
        "cancel*|priorit*|prefetch*|off-screen|offscreen|scroll*",
        "取消|优先级|预取|预加载|屏幕外|滑动",
      ),
      kp("Deduplicate in-flight requests", "对进行中的请求去重", "dedup*|in-flight|in flight|same url|coalesc*", "去重|合并请求|同一 URL|进行中"),
      kp(
        "CDN resizing, modern formats, placeholders",
        "CDN 裁剪、现代格式、占位图",
        "cdn|webp|avif|heic|format*|placeholder*|blurhash|progressive",
        "CDN|WebP|AVIF|HEIC|格式|占位|渐进",
      ),
    ],
  }),
  q({
    id: "mo-11",
    topic: "startup-time",
    category: "technical",
    difficulty: "hard",
    en: {
      question: "Your app takes four seconds to start. How do you bring that down?",
      reference:
        "Measure first, in the right mode: cold start (process not running) is the one that matters most, measured on mid- and low-end devices with release builds — Android vitals, Macrobenchmark and Perfetto traces, or Xcode Organizer's launch metrics and Instruments' App Launch template — and find what runs before the first frame. Typical culprits: SDKs and singletons initialised eagerly in Application.onCreate or didFinishLaunching, synchronous disk or network access on the main thread, heavy dependency-injection graphs, and complex first layouts. Fixes: defer or lazily initialise anything not needed for the first screen (App Startup library, background threads after first frame), show useful UI fast and load data asynchronously, cache the first screen's data, trim dependencies and dynamic frameworks, and on Android ship Baseline Profiles so critical code is precompiled. Guard the result with a startup benchmark in CI and production monitoring, since startup regresses quietly.",
    },
    zh: {
      question: "你的 App 启动要 4 秒。你如何把它降下来？",
      reference:
        "先用正确的方式测量：冷启动（进程未运行）最重要，要在中低端设备上用 release 包测量——Android vitals、Macrobenchmark 和 Perfetto 跟踪，或 Xcode Organizer 的启动指标和 Instruments 的 App Launch 模板——找出第一帧之前都运行了什么。常见原因：在 Application.onCreate 或 didFinishLaunching 中急切初始化的 SDK 和单例；主线程上同步的磁盘或网络访问；庞大的依赖注入图；复杂的首屏布局。解决方法：第一个页面不需要的东西都延后或懒加载初始化（App Startup 库、首帧后在后台线程初始化）；尽快显示有用的界面，数据异步加载；缓存首屏数据；精简依赖和动态库；Android 上提供 Baseline Profiles，让关键代码预编译。在 CI 中加入启动基准测试，并在线上监控，因为启动时间会悄悄变慢。",
    },
    keyPoints: [
      kp(
        "Measure cold start on real devices",
        "在真实设备上测量冷启动",
        "cold start|measur*|macrobenchmark|perfetto|trace*|instruments|vitals|profil*",
        "冷启动|测量|Macrobenchmark|Perfetto|跟踪|Instruments|性能分析",
      ),
      kp(
        "Defer / lazily initialise SDKs and work",
        "延后/懒加载 SDK 初始化和工作",
        "lazy*|defer*|delay*|eager*|initiali*|sdk*|app startup",
        "懒加载|延迟|延后|初始化|SDK",
      ),
      kp(
        "No main-thread I/O; async loading of data",
        "主线程不做 I/O；数据异步加载",
        "main thread|disk|i/o|io|synchronous|async*|background",
        "主线程|磁盘|IO|同步|异步|后台",
      ),
      kp(
        "Reduce dependencies; Baseline Profiles / precompilation",
        "精简依赖；Baseline Profiles/预编译",
        "baseline profile*|dependenc*|dynamic framework*|dex|binary size|precompil*|aot",
        "Baseline Profile|依赖|动态库|包体积|预编译",
      ),
      kp(
        "Guard with CI benchmarks and production monitoring",
        "用 CI 基准测试与线上监控守住成果",
        "benchmark*|ci|monitor*|regress*|production",
        "基准|CI|监控|回退|线上",
      ),
    ],
  }),
  q({
    id: "mo-12",
    topic: "push-notifications",
    category: "technical",
    difficulty: "easy",
    en: {
      question: "How do push notifications work end to end on iOS and Android?",
      reference:
        "The app asks the user for permission (always on iOS, and on Android 13+), then registers with the platform's push service — APNs on iOS, Firebase Cloud Messaging on Android — and receives a device token. It sends that token to our backend, which stores it against the user and device. To notify, the backend sends a request with the token and payload to APNs or FCM, authenticated with our keys, and the push service delivers it to the device when it can. The payload carries a title and body shown by the system, and can carry data for the app to route the tap to the right screen (deep link) or to update content in the background (silent pushes, which are rate-limited). Tokens change — on reinstall, restore or refresh — so the app re-sends them and the backend removes tokens the push service reports as invalid. Delivery is best-effort, so anything important must also be visible inside the app.",
    },
    zh: {
      question: "在 iOS 和 Android 上，推送通知端到端是如何工作的？",
      reference:
        "App 先向用户申请通知权限（iOS 总是需要，Android 13 及以上也需要），然后向平台的推送服务注册——iOS 是 APNs，Android 是 Firebase Cloud Messaging（FCM）——获得一个设备令牌（token）。App 把令牌发送给我们的后端，后端按用户和设备保存。发送通知时，后端携带令牌和内容，用我们的密钥认证后向 APNs 或 FCM 发起请求，由推送服务在可能时送达设备。消息内容包括系统显示的标题和正文，还可以携带数据，让 App 在用户点击时跳转到正确的页面（深度链接），或在后台更新内容（静默推送，有频率限制）。令牌会变化——重装、恢复备份或刷新时——所以 App 要重新上报，后端要删除推送服务报告为无效的令牌。推送是尽力而为的，所以重要信息也必须能在 App 内看到。",
    },
    keyPoints: [
      kp(
        "Permission and registration to get a device token",
        "申请权限并注册获得设备令牌",
        "permission*|register*|device token|token",
        "权限|注册|设备令牌|Token|令牌",
      ),
      kp("APNs / FCM deliver the message", "由 APNs/FCM 投递消息", "apns|fcm|firebase|push service|gcm", "APNs|FCM|Firebase|推送服务|厂商通道"),
      kp("Backend stores tokens and sends via the provider", "后端保存令牌并通过推送服务发送", "backend|server|store*|send*", "后端|服务端|保存|发送"),
      kp(
        "Payload handling: display, deep link, silent push",
        "消息处理：展示、深度链接、静默推送",
        "payload|deep link*|deeplink*|silent|background|foreground|data message",
        "消息体|深度链接|跳转|静默|后台|前台",
      ),
      kp(
        "Token refresh/invalidation; best-effort delivery",
        "令牌刷新/失效；尽力而为的投递",
        "refresh*|invalid*|expire*|best-effort|best effort|not guaranteed",
        "刷新|失效|过期|不保证|尽力而为",
      ),
    ],
  }),
];
