import { forArea, kp } from "./types";

/** Front-end engineering: JavaScript, the browser, CSS, React, performance, security, architecture. Written for Panelist. */
const q = forArea("frontend");

export const FRONTEND = [
  q({
    id: "fe-01",
    topic: "js-scope",
    category: "technical",
    difficulty: "easy",
    en: {
      question: "What's the difference between var, let and const in JavaScript?",
      reference:
        "var is function-scoped and hoisted with the value undefined, so it can be used before its declaration and leaks out of blocks like if and for (the classic closure-in-a-loop bug). let and const are block-scoped; they are hoisted too but sit in the temporal dead zone until the declaration runs, so early access throws a ReferenceError. let can be reassigned, const cannot — but const only fixes the binding, not the value: the properties of a const object or array can still change (use Object.freeze or immutable patterns for that). In modern code I default to const, use let when a variable really changes, and avoid var.",
    },
    zh: {
      question: "JavaScript 中 var、let 和 const 有什么区别？",
      reference:
        "var 是函数作用域，声明会被提升且初值为 undefined，所以可以在声明前使用，并且会“漏出” if、for 等代码块（经典的循环闭包问题）。let 和 const 是块级作用域；它们也会提升，但在声明执行前处于暂时性死区（TDZ），提前访问会抛出 ReferenceError。let 可以重新赋值，const 不行——但 const 只固定绑定，不固定值：const 对象或数组的属性仍可修改（需要 Object.freeze 或不可变写法）。现代代码中我默认用 const，变量确实会变时用 let，避免使用 var。",
    },
    keyPoints: [
      kp(
        "var is function-scoped; let/const are block-scoped",
        "var 是函数作用域，let/const 是块级作用域",
        "function scope*|function-scoped|block scope*|block-scoped|scope",
        "函数作用域|块级作用域|作用域",
      ),
      kp(
        "Hoisting and the temporal dead zone",
        "变量提升与暂时性死区",
        "hoist*|temporal dead zone|tdz|referenceerror|undefined",
        "提升|暂时性死区|TDZ|undefined",
      ),
      kp(
        "const prevents reassignment, not mutation",
        "const 防止重新赋值，不防止修改内容",
        "reassign*|mutat*|immutable|freeze|binding",
        "重新赋值|不可变|修改属性|freeze|绑定",
      ),
      kp(
        "Default to const, avoid var",
        "默认用 const，避免 var",
        "default to const|prefer const|avoid var|use const",
        "默认用 const|优先 const|避免 var|不用 var",
      ),
    ],
  }),
  q({
    id: "fe-02",
    topic: "event-loop",
    category: "technical",
    difficulty: "easy",
    en: {
      question: "Explain the browser's event loop: the call stack, tasks (macrotasks) and microtasks.",
      reference:
        "JavaScript on the page runs on one main thread with one call stack. When the stack is empty, the event loop takes the next task from the task queue — a timer callback, an input event, a network callback. After each task it drains the whole microtask queue (promise reactions, queueMicrotask, MutationObserver) before anything else, so Promise.resolve().then(f) runs before setTimeout(f, 0). The browser may render (style, layout, paint, requestAnimationFrame callbacks) between tasks. Consequences: a long synchronous task blocks input and rendering (jank), so heavy work is split into chunks or moved to a Web Worker; and an endless chain of microtasks can starve rendering just like a loop.",
    },
    zh: {
      question: "解释一下浏览器的事件循环：调用栈、宏任务和微任务。",
      reference:
        "页面上的 JavaScript 在一个主线程上运行，只有一个调用栈。当调用栈清空时，事件循环从任务队列中取出下一个任务——定时器回调、输入事件、网络回调。每个任务执行完后，会先清空整个微任务队列（Promise 回调、queueMicrotask、MutationObserver），所以 Promise.resolve().then(f) 会在 setTimeout(f, 0) 之前执行。浏览器可以在任务之间进行渲染（样式、布局、绘制、requestAnimationFrame 回调）。结论：一个长的同步任务会阻塞输入和渲染（卡顿），所以重计算要切片或放进 Web Worker；无穷的微任务链也会像死循环一样让渲染饿死。",
    },
    keyPoints: [
      kp("Single main thread and call stack", "单一主线程和调用栈", "single thread*|single-threaded|one thread|main thread|call stack", "单线程|主线程|调用栈"),
      kp("Tasks (macrotasks): timers, events", "宏任务：定时器、事件", "macrotask*|task queue|settimeout|callback queue", "宏任务|任务队列|setTimeout|定时器"),
      kp(
        "Microtasks (promises) run before the next task",
        "微任务（Promise）在下一个宏任务前执行",
        "microtask*|promise*|queuemicrotask|then",
        "微任务|Promise|then",
      ),
      kp(
        "Rendering between tasks; long tasks block (Web Worker)",
        "任务之间渲染；长任务会阻塞（Web Worker）",
        "render*|paint|block*|jank|web worker*|requestanimationframe|long task*",
        "渲染|阻塞|卡顿|Web Worker|requestAnimationFrame|长任务",
      ),
    ],
  }),
  q({
    id: "fe-03",
    topic: "css-specificity",
    category: "technical",
    difficulty: "easy",
    en: {
      question: "How does CSS specificity work, and how do you keep a large stylesheet from turning into a specificity war?",
      reference:
        "When several rules set the same property, the browser compares specificity: inline styles beat IDs, IDs beat classes/attributes/pseudo-classes, which beat element selectors; a tie goes to the rule that comes later in the cascade. !important overrides all of that and should be a last resort because it can only be beaten by another !important. To avoid wars: keep selectors flat and class-based (BEM naming), never style by ID, scope styles per component (CSS Modules, CSS-in-JS, Shadow DOM) or use utility classes (Tailwind), and use cascade layers (@layer) to order third-party, base and component styles explicitly.",
    },
    zh: {
      question: "CSS 优先级（specificity）是怎么计算的？你如何避免大型样式表陷入“优先级大战”？",
      reference:
        "多条规则设置同一属性时，浏览器比较优先级：内联样式高于 ID 选择器，ID 高于类/属性/伪类选择器，类又高于元素选择器；优先级相同时，层叠中靠后的规则胜出。!important 会压过以上一切，只能被另一个 !important 覆盖，应当作为最后手段。避免优先级大战的做法：选择器保持扁平、基于类（BEM 命名），不要用 ID 写样式；按组件隔离样式（CSS Modules、CSS-in-JS、Shadow DOM）或使用原子类（Tailwind）；用级联层（@layer）显式排列第三方、基础和组件样式的顺序。",
    },
    keyPoints: [
      kp(
        "Order: inline > ID > class > element",
        "顺序：内联 > ID > 类 > 元素",
        "inline|id selector*|ids|class*|element selector*|specificity",
        "内联|ID|类选择器|元素选择器|权重|优先级",
      ),
      kp("Later rules win ties (the cascade)", "优先级相同时后写的规则胜出（层叠）", "cascade|later|last rule|source order|comes after", "层叠|后面|靠后|顺序"),
      kp("!important as a last resort", "!important 只作为最后手段", "!important|important", "!important|最后手段|慎用|滥用"),
      kp(
        "Flat class selectors / BEM / scoped styles / utilities / @layer",
        "扁平类选择器、BEM、样式隔离、原子类、@layer",
        "bem|css modules|css-in-js|scoped|shadow dom|tailwind|utility|@layer|cascade layer*",
        "BEM|CSS Modules|CSS-in-JS|作用域|原子类|Tailwind|@layer",
      ),
    ],
  }),
  q({
    id: "fe-04",
    topic: "semantic-html",
    category: "technical",
    difficulty: "easy",
    en: {
      question: 'What does "semantic HTML" mean, and why does it matter for accessibility?',
      reference:
        "Semantic HTML means using elements for what they mean — button for actions, a for navigation, nav, main, header, h1–h6 in order, label tied to its input, ul/li for lists — rather than divs with click handlers. Assistive technology such as screen readers builds the accessibility tree from these elements: a real button is announced as a button, focusable, and activated with Enter and Space for free, while a div needs role, tabindex and key handlers added by hand and is usually done incompletely. Headings and landmarks let screen-reader users jump around the page. It also helps SEO and maintainability. ARIA fills gaps for custom widgets, but the first rule of ARIA is not to use it when a native element exists.",
    },
    zh: {
      question: "什么是“语义化 HTML”？它为什么对无障碍访问很重要？",
      reference:
        "语义化 HTML 指按含义使用元素——操作用 button、导航链接用 a，使用 nav、main、header，按层级使用 h1–h6，label 关联到对应的 input，列表用 ul/li——而不是用 div 加点击事件。屏幕阅读器等辅助技术根据这些元素构建无障碍树：真正的 button 会被读作按钮、可以获得焦点、能用回车和空格触发，这些都是自带的；而 div 需要手动加 role、tabindex 和键盘事件，而且往往做不完整。标题和地标区域让读屏用户可以在页面中快速跳转。它还有利于 SEO 和可维护性。ARIA 用来补充自定义组件的语义，但 ARIA 第一原则是：有原生元素时就不要用 ARIA。",
    },
    keyPoints: [
      kp(
        "Elements chosen for meaning (button, nav, headings, label)",
        "按含义选择元素（button、nav、标题、label）",
        "button|nav|header|main|heading*|label|landmark*|<div>|div",
        "button|nav|标题|label|地标|div",
      ),
      kp(
        "Screen readers rely on it (accessibility tree)",
        "屏幕阅读器依赖语义（无障碍树）",
        "screen reader*|assistive|accessibility tree|a11y|announc*",
        "屏幕阅读器|读屏|辅助技术|无障碍树|朗读",
      ),
      kp("Keyboard access and focus come built in", "自带键盘操作与焦点", "keyboard|focus*|tab*|enter|space", "键盘|焦点|Tab|回车"),
      kp("ARIA only when no native element fits", "只在没有原生元素时使用 ARIA", "aria|role", "ARIA|role|原生元素|无障碍属性"),
      kp("Also helps SEO and maintainability", "同时有利于 SEO 和可维护性", "seo|search engine*|maintainab*|readab*", "SEO|搜索引擎|可维护|可读"),
    ],
  }),
  q({
    id: "fe-05",
    topic: "react-rendering",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "How does React decide when to re-render a component, and how do you avoid unnecessary re-renders?",
      reference:
        "A component re-renders when its state changes, when its parent re-renders (by default, even if the props are equal), or when a context it reads changes. Re-rendering produces a new element tree that React reconciles with the previous one, touching the DOM only where output differs; keys tell it which list items are the same. Re-renders are usually cheap, so I first measure with the React DevTools Profiler. Then: keep state close to where it is used so updates don't ripple through the tree, pass children instead of rendering them inside a stateful wrapper, wrap expensive pure components in React.memo and keep their props stable with useMemo/useCallback, split contexts so a frequently changing value doesn't re-render every consumer, and virtualise long lists. The React Compiler now applies much of the memoisation automatically.",
    },
    zh: {
      question: "React 如何决定何时重新渲染组件？你如何避免不必要的重新渲染？",
      reference:
        "组件在以下情况会重新渲染：自身 state 变化；父组件重新渲染（默认情况下即使 props 没变也会）；所读取的 context 变化。重新渲染会生成新的元素树，React 与上一次的树做协调（reconciliation），只在输出不同的地方更新 DOM；key 告诉 React 列表中哪些项是同一个。重新渲染通常很便宜，所以我先用 React DevTools Profiler 测量。然后：把 state 放在离使用处最近的地方，避免更新波及整棵树；通过 children 传入子组件，而不是在有状态的包装组件内部渲染它们；用 React.memo 包裹开销大的纯组件，并用 useMemo/useCallback 保持 props 稳定；拆分 context，避免高频变化的值让所有消费者重渲染；长列表做虚拟化。React Compiler 现在能自动完成大部分记忆化。",
    },
    keyPoints: [
      kp(
        "Triggers: state change, parent render, context change",
        "触发条件：state 变化、父组件渲染、context 变化",
        "state change*|setstate|parent re-render*|parent renders|context|props",
        "state|父组件|context|props|状态变化",
      ),
      kp("Reconciliation / virtual DOM diff and keys", "协调（虚拟 DOM diff）与 key", "reconcil*|virtual dom|diff*|key*", "协调|虚拟 DOM|diff|key"),
      kp("Measure first (Profiler)", "先测量（Profiler）", "profil*|measure*|devtools", "Profiler|性能分析|测量|DevTools"),
      kp(
        "memo / useMemo / useCallback for stable props",
        "用 memo/useMemo/useCallback 保持 props 稳定",
        "react.memo|memo|usememo|usecallback|memoi*|react compiler",
        "memo|useMemo|useCallback|记忆化|缓存",
      ),
      kp(
        "State colocation / splitting context",
        "状态就近放置 / 拆分 context",
        "coloc*|lift* state|state close|split* context|closer to",
        "就近|状态下放|拆分 context|状态提升",
      ),
    ],
  }),
  q({
    id: "fe-06",
    topic: "react-effects",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "Explain useEffect: when does it run, what does the dependency array do, and what mistakes do people make with it?",
      reference:
        "useEffect runs after React has committed the render to the screen; its job is to synchronise with something outside React — a subscription, a timer, the DOM, a network request. The dependency array decides when it re-runs: after every render with no array, once after mount with [], and whenever a listed value changes otherwise. The function it returns is the cleanup, run before the next effect and on unmount — unsubscribing, clearing timers, aborting fetches. Common mistakes: leaving out dependencies, which leaves the effect reading stale values (stale closures); using an effect to compute derived state that could simply be calculated during render; fetching without cleanup, so a slow earlier response overwrites a newer one (a race); and effects that set state they depend on, causing loops. For data fetching a library like TanStack Query is usually better.",
    },
    zh: {
      question: "解释一下 useEffect：它什么时候执行？依赖数组的作用是什么？大家常犯哪些错误？",
      reference:
        "useEffect 在 React 把渲染结果提交到屏幕之后执行；它用于与 React 外部的东西同步——订阅、定时器、DOM、网络请求。依赖数组决定何时重新执行：不传数组时每次渲染后都执行；传 [] 时只在挂载后执行一次；否则在列出的值变化时执行。它返回的函数是清理函数，在下一次 effect 执行前和卸载时调用——取消订阅、清除定时器、中止请求。常见错误：漏写依赖，导致 effect 读到旧值（闭包陷阱）；用 effect 计算本可以在渲染时直接算出的派生状态；请求数据不做清理，较慢的旧响应覆盖了新的（竞态）；effect 中设置自身依赖的 state 导致死循环。数据请求通常用 TanStack Query 这类库更好。",
    },
    keyPoints: [
      kp(
        "Runs after render/commit to sync with external systems",
        "在渲染提交后执行，用于与外部系统同步",
        "after render*|after commit*|after paint|side effect*|synchroni*|subscription*",
        "渲染之后|提交之后|副作用|同步|订阅",
      ),
      kp("Dependency array: none / [] / listed values", "依赖数组：不传 / [] / 列出的值", "dependenc*|deps|empty array|[]|mount", "依赖|空数组|挂载|deps"),
      kp(
        "Cleanup function on re-run and unmount",
        "在重新执行与卸载时调用清理函数",
        "cleanup|clean up|unmount*|unsubscrib*|abort*|cleartimeout|clearinterval",
        "清理|卸载|取消订阅|中止|clearTimeout",
      ),
      kp(
        "Stale closures from missing dependencies",
        "漏写依赖导致闭包读到旧值",
        "stale|closure*|missing dependenc*|exhaustive-deps",
        "闭包|旧值|漏写依赖|过期",
      ),
      kp(
        "Don't use effects for derived state; fetch races",
        "不要用 effect 计算派生状态；注意请求竞态",
        "derived state|race*|infinite loop|loop|tanstack|react query",
        "派生状态|竞态|死循环|无限循环|React Query",
      ),
    ],
  }),
  q({
    id: "fe-07",
    topic: "web-vitals",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "A landing page has a poor Largest Contentful Paint. How do you find the cause and improve it?",
      reference:
        "LCP measures when the largest element in the viewport — usually a hero image or headline — is rendered; good is under 2.5 s at the 75th percentile of real users. I look at field data (CrUX, our RUM) and reproduce with Lighthouse/WebPageTest, then break LCP into its parts: time to first byte, resource load delay, resource load time and render delay. Fixes by part: slow TTFB — cache HTML at a CDN, server-render or statically generate; late discovery — put the image in the HTML, preload it or mark it fetchpriority=high, and never lazy-load the LCP image; heavy image — right size, modern formats (AVIF/WebP), responsive srcset, compression; render delay — remove render-blocking CSS and JS, inline critical CSS, defer scripts, avoid client-only rendering of the hero. Then verify in field data, since lab and field differ.",
    },
    zh: {
      question: "一个落地页的 LCP（最大内容绘制）很差。你如何找出原因并改进？",
      reference:
        "LCP 衡量视口中最大的元素（通常是首屏大图或标题）何时渲染完成；真实用户第 75 百分位在 2.5 秒以内算良好。我先看真实用户数据（CrUX、自己的 RUM），再用 Lighthouse/WebPageTest 复现，然后把 LCP 拆成几段：首字节时间（TTFB）、资源加载延迟、资源加载耗时、渲染延迟。按段修复：TTFB 慢——在 CDN 缓存 HTML、服务端渲染或静态生成；资源发现晚——把图片写在 HTML 里、preload 或设置 fetchpriority=high，绝不懒加载 LCP 图片；图片太大——合适尺寸、现代格式（AVIF/WebP）、响应式 srcset、压缩；渲染延迟——去掉阻塞渲染的 CSS 和 JS、内联关键 CSS、延迟脚本、避免首屏纯客户端渲染。最后用真实用户数据验证，因为实验室数据和线上数据会不同。",
    },
    keyPoints: [
      kp(
        "Measure with field (RUM/CrUX) and lab (Lighthouse) data",
        "用真实用户数据（RUM/CrUX）和实验室工具（Lighthouse）测量",
        "lighthouse|rum|crux|field data|webpagetest|web vitals|measure*|devtools",
        "Lighthouse|RUM|真实用户|测量|DevTools|性能面板",
      ),
      kp(
        "Optimise the LCP image (size, format, preload, priority)",
        "优化 LCP 图片（尺寸、格式、预加载、优先级）",
        "image*|webp|avif|preload|fetchpriority|srcset|compress*|lazy",
        "图片|WebP|AVIF|预加载|preload|压缩|懒加载",
      ),
      kp(
        "Remove render-blocking CSS/JS",
        "移除阻塞渲染的 CSS/JS",
        "render-blocking|render blocking|critical css|defer|async|bundle",
        "阻塞渲染|关键 CSS|defer|异步加载",
      ),
      kp(
        "Server response: CDN, SSR/SSG, caching (TTFB)",
        "服务器响应：CDN、SSR/SSG、缓存（TTFB）",
        "ttfb|time to first byte|cdn|ssr|server-side render*|static generat*|cach*",
        "TTFB|首字节|CDN|服务端渲染|静态生成|缓存",
      ),
    ],
  }),
  q({
    id: "fe-08",
    topic: "cors",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "What is CORS, and why does the browser block some requests from your front end to your API?",
      reference:
        "Browsers apply the same-origin policy: a script on https://app.example.com may not read responses from another origin (scheme, host and port) unless that server allows it. CORS is how the server allows it, with response headers such as Access-Control-Allow-Origin naming the allowed origin. For requests that are not \"simple\" — a JSON content type, custom headers, methods like PUT or DELETE — the browser first sends a preflight OPTIONS request, and the server must answer with the allowed methods and headers. Sending cookies needs credentials: 'include' on the client and Access-Control-Allow-Credentials: true with a specific origin (not *). CORS is enforced by the browser to protect users; it does not stop curl or other servers, so it is not a substitute for authentication. Same-origin deployment or a proxy avoids it entirely.",
    },
    zh: {
      question: "什么是 CORS？为什么浏览器会拦截前端发往你自己 API 的某些请求？",
      reference:
        "浏览器执行同源策略：https://app.example.com 上的脚本不能读取其他源（协议、主机、端口）的响应，除非那个服务器允许。CORS 就是服务器表示允许的方式，通过 Access-Control-Allow-Origin 等响应头指明允许的源。对于“非简单请求”——JSON 内容类型、自定义请求头、PUT/DELETE 等方法——浏览器会先发一个 OPTIONS 预检请求，服务器必须返回允许的方法和请求头。要携带 Cookie，客户端需设置 credentials: 'include'，服务器返回 Access-Control-Allow-Credentials: true，且允许的源必须是具体值（不能是 *）。CORS 由浏览器执行，用来保护用户；它拦不住 curl 或其他服务器，所以不能替代认证。同源部署或通过代理转发可以完全绕开它。",
    },
    keyPoints: [
      kp(
        "Same-origin policy (scheme, host, port)",
        "同源策略（协议、域名、端口）",
        "same-origin|same origin|origin*|cross-origin|cross origin",
        "同源|跨域|源|协议|端口",
      ),
      kp(
        "Server opts in with Access-Control-Allow-* headers",
        "服务器通过 Access-Control-Allow-* 响应头允许",
        "access-control-allow*|response header*|allow-origin|server",
        "Access-Control-Allow|响应头|服务端设置",
      ),
      kp("Preflight OPTIONS for non-simple requests", "非简单请求会先发 OPTIONS 预检", "preflight|options", "预检|OPTIONS"),
      kp(
        "Credentials need a specific origin",
        "携带凭证需要指定具体的源",
        "credential*|cookie*|withcredentials|wildcard|specific origin",
        "凭证|Cookie|credentials|通配符",
      ),
      kp(
        "Browser-enforced; not a server-side security control",
        "由浏览器执行，不是服务端安全手段",
        "browser enforce*|enforced by the browser|curl|not security|not a substitute|protect users|proxy",
        "浏览器执行|curl|不是安全|不能替代|代理",
      ),
    ],
  }),
  q({
    id: "fe-09",
    topic: "rendering-strategies",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "Compare client-side rendering, server-side rendering and static site generation. How do you choose?",
      reference:
        "Client-side rendering ships a mostly empty HTML page and JavaScript that fetches data and builds the UI in the browser: simple hosting and fluid interactions after load, but a slower first meaningful paint and weaker SEO. Server-side rendering builds HTML per request on the server, so content appears sooner and crawlers see it; the page then hydrates to become interactive, which costs JavaScript and can cause a gap where it looks ready but isn't. Static generation renders at build time and serves from a CDN — fastest and cheapest, but the content is only as fresh as the last build (incremental regeneration helps). I choose per page: marketing and docs static, personalised or fast-changing pages server-rendered, app-like dashboards behind login client-rendered; frameworks like Next.js mix them, and React Server Components reduce what must hydrate.",
    },
    zh: {
      question: "比较客户端渲染（CSR）、服务端渲染（SSR）和静态站点生成（SSG）。你如何选择？",
      reference:
        "客户端渲染返回一个几乎空白的 HTML 和 JavaScript，由浏览器获取数据并构建界面：部署简单，加载后交互流畅，但首屏有意义内容出现较慢，SEO 较弱。服务端渲染在服务器上为每个请求生成 HTML，内容出现更早、爬虫能看到；之后页面需要水合（hydration）才能交互，这需要 JavaScript，并可能出现“看起来好了但点不动”的空档。静态生成在构建时渲染、由 CDN 提供——最快最便宜，但内容只和上一次构建一样新（增量再生成可以缓解）。我按页面选择：营销页和文档用静态生成，个性化或变化快的页面用服务端渲染，登录后的类应用后台用客户端渲染；Next.js 这类框架可以混用，React Server Components 还能减少需要水合的部分。",
    },
    keyPoints: [
      kp(
        "CSR: renders in the browser, slower first paint, weaker SEO",
        "CSR：浏览器渲染，首屏慢，SEO 弱",
        "client-side render*|csr|spa|single-page",
        "客户端渲染|CSR|SPA|单页",
      ),
      kp(
        "SSR: HTML per request, better first paint/SEO",
        "SSR：每次请求生成 HTML，首屏和 SEO 更好",
        "server-side render*|ssr|per request",
        "服务端渲染|SSR|每次请求",
      ),
      kp(
        "SSG: built ahead, served from a CDN, freshness limits",
        "SSG：预先构建、CDN 分发，有时效限制",
        "static site generat*|static generat*|ssg|build time|isr|incremental",
        "静态生成|SSG|构建时|ISR|增量",
      ),
      kp("Hydration cost", "水合（hydration）的代价", "hydrat*", "水合|注水|hydration"),
      kp(
        "Choose per page by freshness, personalisation, SEO",
        "按页面根据时效性、个性化、SEO 选择",
        "seo|personali*|fresh*|per page|depends|trade-off*",
        "SEO|个性化|实时性|按页面|取舍",
      ),
    ],
  }),
  q({
    id: "fe-10",
    topic: "state-management",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "How do you manage state in a large React application?",
      reference:
        "I separate kinds of state. Server state — data fetched from APIs — belongs in a cache such as TanStack Query or SWR, which handles loading, errors, deduplication, refetching and invalidation; copying it into a global store is the most common source of bugs. UI state local to a component stays in useState/useReducer, lifted only as far as needed. Truly global client state (current user, theme, feature flags) goes in context or a small store like Zustand or Redux Toolkit; context works for values that rarely change, a store with selectors for frequently changing ones. URL state — filters, tabs, pagination — lives in the URL so it is shareable and survives reloads. Form state uses a form library. Derived values are computed, not stored, and normalised data avoids duplicated copies going out of sync.",
    },
    zh: {
      question: "在一个大型 React 应用中，你如何管理状态？",
      reference:
        "我会区分不同类型的状态。服务端状态——从 API 获取的数据——放在 TanStack Query 或 SWR 这样的缓存里，由它处理加载、错误、去重、重新获取和失效；把它复制到全局 store 是最常见的 bug 来源。组件内部的 UI 状态用 useState/useReducer，只在必要时提升。真正全局的客户端状态（当前用户、主题、功能开关）放在 context 或 Zustand、Redux Toolkit 等小型 store；context 适合很少变化的值，高频变化的值用带 selector 的 store。URL 状态——筛选、标签页、分页——放在 URL 中，便于分享、刷新后保留。表单状态用表单库管理。派生值通过计算得到而不是存储，数据规范化可以避免多份副本不同步。",
    },
    keyPoints: [
      kp(
        "Server state in a query cache (TanStack Query/SWR)",
        "服务端状态放在请求缓存中（TanStack Query/SWR）",
        "server state|react query|tanstack|swr|apollo|cache",
        "服务端状态|React Query|TanStack|SWR|缓存",
      ),
      kp(
        "Local state kept local, lifted only as needed",
        "局部状态保持局部，按需提升",
        "local state|usestate|usereducer|lift*|coloc*",
        "局部状态|useState|useReducer|状态提升|就近",
      ),
      kp(
        "Global store/context for truly global state",
        "真正全局的状态用 store/context",
        "redux|zustand|context|global store|mobx|jotai|recoil",
        "Redux|Zustand|context|全局|MobX",
      ),
      kp("URL state for filters/pagination", "筛选、分页等放在 URL 状态中", "url|query string|query param*|router|search param*", "URL|路由参数|查询参数"),
      kp(
        "Derive instead of duplicating; normalise",
        "计算派生值而非复制；数据规范化",
        "deriv*|normali*|single source of truth|duplicat*",
        "派生|规范化|单一数据源|重复",
      ),
    ],
  }),
  q({
    id: "fe-11",
    topic: "xss",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "How do you protect a web front end against cross-site scripting (XSS)?",
      reference:
        "XSS happens when untrusted data ends up interpreted as HTML or script in the page. The first defence is contextual output encoding: frameworks like React escape text in JSX by default, so the danger is in the escape hatches — dangerouslySetInnerHTML, innerHTML, v-html, document.write, building HTML strings. When rich HTML is really needed, sanitise it with a maintained library such as DOMPurify. URLs are a context too: reject javascript: links before putting user input in href or src. A Content Security Policy without 'unsafe-inline', ideally with nonces or hashes, limits what an injected script can do, and Trusted Types can forbid unsafe DOM sinks. Session cookies should be HttpOnly so scripts cannot read them; tokens in localStorage are readable by any injected script.",
    },
    zh: {
      question: "你如何保护 Web 前端免受跨站脚本攻击（XSS）？",
      reference:
        "当不可信数据在页面中被当作 HTML 或脚本解释时，就会发生 XSS。第一道防线是按上下文做输出编码：React 等框架默认会对 JSX 中的文本转义，所以危险在于那些“逃生口”——dangerouslySetInnerHTML、innerHTML、v-html、document.write、拼接 HTML 字符串。确实需要富文本 HTML 时，用 DOMPurify 这类持续维护的库做净化。URL 也是一种上下文：把用户输入放进 href 或 src 前要拒绝 javascript: 链接。不含 'unsafe-inline' 的内容安全策略（CSP），最好配合 nonce 或哈希，可以限制注入脚本能做的事；Trusted Types 可以禁止不安全的 DOM 写入点。会话 Cookie 要设置 HttpOnly，使脚本无法读取；存放在 localStorage 的令牌能被任何注入的脚本读取。",
    },
    keyPoints: [
      kp("Escape/encode output (framework auto-escaping)", "输出转义/编码（框架默认转义）", "escap*|encod*|auto-escap*|jsx", "转义|编码|默认转义"),
      kp(
        "Avoid innerHTML / dangerouslySetInnerHTML; sanitise (DOMPurify)",
        "避免 innerHTML/dangerouslySetInnerHTML；净化（DOMPurify）",
        "innerhtml|dangerouslysetinnerhtml|v-html|sanitiz*|sanitis*|dompurify",
        "innerHTML|dangerouslySetInnerHTML|v-html|净化|过滤|DOMPurify",
      ),
      kp("Content Security Policy", "内容安全策略（CSP）", "csp|content security policy|nonce*|trusted types", "CSP|内容安全策略|nonce"),
      kp(
        "HttpOnly cookies; tokens in localStorage are exposed",
        "HttpOnly Cookie；localStorage 中的令牌会暴露",
        "httponly|http-only|localstorage|cookie*",
        "HttpOnly|localStorage|Cookie|本地存储|无法读取",
      ),
      kp("Validate URLs (no javascript: links)", "校验 URL（禁止 javascript: 链接）", "javascript:|url*|href", "javascript:|链接|URL|href"),
    ],
  }),
  q({
    id: "fe-12",
    topic: "infinite-feed",
    category: "system-design",
    difficulty: "hard",
    en: {
      question: "Design the front end of an infinite-scrolling feed that may hold tens of thousands of items.",
      reference:
        'Rendering tens of thousands of DOM nodes kills scrolling and memory, so the list is virtualised: only the items in and near the viewport are rendered, with spacers for the rest (react-window/TanStack Virtual), handling items of variable height by measuring them. Data comes in pages from a cursor-based API; an IntersectionObserver on a sentinel near the end prefetches the next page before the user reaches it, with requests deduplicated and cached (TanStack Query\'s infinite queries). New items arriving at the top are shown behind a "new posts" button rather than shifting the content the user is reading. Images are lazy-loaded with reserved dimensions to avoid layout shift. Returning to the feed restores the scroll position and cached pages. Loading, empty, error and end-of-list states are explicit, with a retry. For accessibility, use a feed role, keep keyboard focus stable, and offer a way past the feed to the footer.',
    },
    zh: {
      question: "设计一个可能包含数万条内容的无限滚动信息流的前端。",
      reference:
        "渲染数万个 DOM 节点会让滚动卡顿、内存飙升，所以列表要虚拟化：只渲染视口内及附近的条目，其余用占位高度代替（react-window/TanStack Virtual），对高度不固定的条目进行测量。数据通过基于游标的 API 分页获取；在接近底部的哨兵元素上用 IntersectionObserver，在用户到达前预取下一页，并对请求去重和缓存（TanStack Query 的无限查询）。顶部新到的内容放在“有新内容”按钮后面，而不是推动用户正在阅读的内容。图片懒加载并预留尺寸，避免布局偏移。返回信息流时恢复滚动位置和已缓存的页面。加载中、空列表、出错和到底等状态要明确，并提供重试。无障碍方面，使用 feed 角色，保持键盘焦点稳定，并提供跳过信息流到页脚的方式。",
    },
    keyPoints: [
      kp(
        "Virtualise / window the list",
        "列表虚拟化（只渲染可视区域）",
        "virtuali*|windowing|react-window|visible items|viewport|recycl*",
        "虚拟列表|虚拟化|可视区域|视口|回收",
      ),
      kp(
        "Cursor pagination with prefetch (IntersectionObserver)",
        "游标分页并预取（IntersectionObserver）",
        "cursor*|paginat*|intersectionobserver|intersection observer|prefetch*|sentinel",
        "游标|分页|IntersectionObserver|预加载|预取|触底",
      ),
      kp("Cache/dedupe pages and restore scroll position", "缓存/去重分页并恢复滚动位置", "cach*|dedup*|scroll position|restore*", "缓存|去重|滚动位置|恢复"),
      kp(
        "Lazy-load images with reserved size (no layout shift)",
        "图片懒加载并预留尺寸（避免布局偏移）",
        "lazy*|layout shift|cls|placeholder*|aspect ratio",
        "懒加载|布局偏移|CLS|占位",
      ),
      kp(
        "Loading/error/empty states and accessibility",
        "加载/错误/空状态与无障碍",
        "loading|error state*|retry|empty|accessib*|a11y|keyboard|focus",
        "加载|错误|重试|空状态|无障碍|键盘|焦点",
      ),
    ],
  }),
  q({
    id: "fe-13",
    topic: "design-system",
    category: "system-design",
    difficulty: "hard",
    en: {
      question: "How would you build a component library (design system) that several product teams use?",
      reference:
        "Start from design tokens — colours, spacing, typography, radii as variables — so themes and dark mode change in one place and design and code share a vocabulary. Components get small, composable APIs (compound components, slots, forwarding refs and native props) and are accessible by default: keyboard support, focus management, ARIA patterns, tested with axe and screen readers; building on headless primitives such as Radix saves much of that work. The library is versioned with semver, published with a changelog, and breaking changes come with codemods and deprecation warnings. Documentation and a playground (Storybook) show usage and do/don't examples. Testing covers unit behaviour, accessibility and visual regression (Chromatic/Playwright screenshots). Finally governance: a core team owns it, product teams can contribute through a clear process, and adoption and one-off overrides are measured so gaps are found.",
    },
    zh: {
      question: "你会如何构建一个供多个产品团队使用的组件库（设计系统）？",
      reference:
        "从设计令牌（design tokens）开始——颜色、间距、字体、圆角都定义成变量——这样主题和暗色模式只需在一处修改，设计和代码也有了共同语言。组件提供小而可组合的 API（复合组件、插槽、转发 ref 和原生属性），并默认无障碍：支持键盘、管理焦点、遵循 ARIA 模式，用 axe 和读屏软件测试；基于 Radix 等无样式基础组件可以省掉大量工作。组件库按语义化版本（semver）发布并附变更日志，破坏性变更配套 codemod 和弃用警告。文档和演示环境（Storybook）展示用法和正反例。测试覆盖单元行为、无障碍和视觉回归（Chromatic/Playwright 截图）。最后是治理：由核心团队负责，产品团队可以按清晰的流程贡献，并统计采用率和临时样式覆盖，发现缺口。",
    },
    keyPoints: [
      kp("Design tokens and theming", "设计令牌与主题", "token*|theme*|theming|variables|dark mode", "令牌|Token|主题|变量|暗色"),
      kp(
        "Composable, accessible component APIs",
        "可组合、默认无障碍的组件 API",
        "composab*|compound|api design|accessib*|a11y|aria|radix|headless",
        "组合|API 设计|无障碍|ARIA|Radix|无样式",
      ),
      kp(
        "Versioning (semver), changelog, migrations",
        "版本管理（semver）、变更日志、迁移",
        "semver|semantic version*|version*|changelog|breaking change*|codemod*|deprecat*",
        "语义化版本|版本|变更日志|破坏性变更|弃用",
      ),
      kp("Documentation / Storybook", "文档 / Storybook", "storybook|doc*|playground|examples", "Storybook|文档|示例"),
      kp("Testing incl. visual regression", "测试（包括视觉回归）", "visual regression|screenshot*|chromatic|unit test*|test*", "视觉回归|截图|单元测试|测试"),
      kp("Governance, contribution and adoption", "治理、贡献流程与推广采用", "governance|contribut*|adoption|ownership|owner*", "治理|贡献|推广|采用|负责人"),
    ],
  }),
  q({
    id: "fe-14",
    topic: "bundle-size",
    category: "technical",
    difficulty: "hard",
    en: {
      question: "Your single-page app ships 3 MB of JavaScript. How do you bring that down, and keep it down?",
      reference:
        "First find out what is in it with a bundle analyser (webpack-bundle-analyzer, source-map-explorer, the Next.js analyser): usually a few heavy dependencies (moment with all locales, lodash in full, a charting or editor library), duplicates of one package at several versions, and code for routes the user never visits. Then split: lazy-load routes and heavy rarely-used components with dynamic import(), so the first page only gets what it needs. Replace or trim heavy dependencies (date-fns or Temporal instead of moment, per-function imports), make sure tree shaking works (ES modules, sideEffects: false), and drop polyfills that modern browsers don't need. Serve minified, Brotli-compressed assets with long-lived caching for hashed files. To keep it down, set a bundle-size budget enforced in CI (size-limit) so a regression fails the pull request.",
    },
    zh: {
      question: "你的单页应用打包出了 3 MB 的 JavaScript。你如何把它降下来，并保持不反弹？",
      reference:
        "先用打包分析工具（webpack-bundle-analyzer、source-map-explorer、Next.js 分析插件）看清里面有什么：通常是几个很重的依赖（带全部语言包的 moment、整包引入的 lodash、图表或编辑器库）、同一个包的多个版本重复打包，以及用户根本不会访问的路由代码。然后拆分：用动态 import() 懒加载路由和少用的重组件，让首屏只加载所需代码。替换或精简重依赖（用 date-fns 或 Temporal 替代 moment，按函数引入），确保 tree shaking 生效（ES 模块、sideEffects: false），去掉现代浏览器不需要的 polyfill。发布压缩混淆、Brotli 压缩的资源，对带哈希的文件设置长期缓存。为了不反弹，在 CI 中设置体积预算（size-limit），体积回退时让合并请求失败。",
    },
    keyPoints: [
      kp(
        "Analyse the bundle first",
        "先分析打包内容",
        "analy*|bundle analyzer|source-map-explorer|webpack-bundle-analyzer|inspect",
        "分析|bundle analyzer|打包分析",
      ),
      kp(
        "Code splitting / lazy-loading routes (dynamic import)",
        "代码分割 / 路由懒加载（动态 import）",
        "code split*|lazy*|dynamic import|import()|chunk*|split*",
        "代码分割|懒加载|动态导入|按需加载|分包",
      ),
      kp(
        "Trim heavy/duplicate dependencies and polyfills",
        "精简重依赖、重复依赖和 polyfill",
        "dependenc*|moment|lodash|duplicat*|polyfill*|replace",
        "依赖|moment|lodash|重复|polyfill|替换",
      ),
      kp(
        "Tree shaking (ES modules, sideEffects)",
        "Tree shaking（ES 模块、sideEffects）",
        "tree shak*|tree-shak*|es modules|esm|sideeffects|dead code",
        "Tree shaking|摇树|ES 模块|死代码",
      ),
      kp("Compression, minification and caching", "压缩、混淆与缓存", "minif*|compress*|gzip|brotli|cache*", "压缩|混淆|gzip|Brotli|缓存"),
      kp("A size budget enforced in CI", "在 CI 中强制体积预算", "budget*|size-limit|ci|regression", "预算|体积限制|CI|回退"),
    ],
  }),
  q({
    id: "fe-15",
    topic: "realtime-collab",
    category: "system-design",
    difficulty: "hard",
    en: {
      question: "How would you build a real-time collaborative feature on the front end — for example live cursors and shared editing of a document?",
      reference:
        "Transport: a WebSocket (or WebRTC for peer-to-peer) for two-way, low-latency updates; SSE suffices if the client only receives. Presence data like cursors is ephemeral and high-frequency, so it is throttled (say every 50 ms), sent without persistence and dropped when stale. Shared content needs conflict resolution because two people edit at once: operational transformation (Google Docs) or CRDTs such as Yjs or Automerge, which merge concurrent edits deterministically and also work offline. The UI applies local edits optimistically and immediately, then reconciles with what the server or peers send. The client must handle disconnects: show the connection state, reconnect with backoff, queue local changes and resync from the last known version. Authentication and per-document permissions are checked on the server for every message.",
    },
    zh: {
      question: "你会如何在前端构建一个实时协作功能——比如实时光标和多人共同编辑文档？",
      reference:
        "传输层：用 WebSocket（点对点可以用 WebRTC）做双向、低延迟的更新；如果客户端只需要接收，SSE 就够了。光标等在线状态数据是临时且高频的，所以要节流（比如每 50 毫秒一次），不持久化，过期就丢弃。共享内容需要冲突解决，因为多人同时编辑：操作转换（OT，Google Docs 使用）或 CRDT（如 Yjs、Automerge），它们能确定性地合并并发编辑，也支持离线。界面先乐观地立即应用本地编辑，再与服务器或其他端发来的内容协调。客户端必须处理断线：显示连接状态、退避重连、缓存本地改动，并从最后已知版本重新同步。每条消息都要在服务端检查认证和文档级权限。",
    },
    keyPoints: [
      kp("Transport: WebSocket / WebRTC / SSE", "传输：WebSocket / WebRTC / SSE", "websocket*|webrtc|sse|server-sent|socket", "WebSocket|WebRTC|SSE|长连接"),
      kp("Conflict resolution: OT or CRDT", "冲突解决：OT 或 CRDT", "crdt*|operational transform*|ot|yjs|automerge|conflict*", "CRDT|OT|操作转换|Yjs|冲突"),
      kp(
        "Optimistic local updates and reconciliation",
        "乐观的本地更新与协调",
        "optimistic*|reconcil*|local first|local-first|apply locally",
        "乐观更新|协调|本地优先|先本地",
      ),
      kp("Throttled, ephemeral presence (cursors)", "节流的临时在线状态（光标）", "throttl*|debounc*|presence|cursor*|ephemeral", "节流|防抖|在线状态|光标"),
      kp("Reconnect, offline queue and resync", "重连、离线队列与重新同步", "reconnect*|offline|resync*|backoff|queue*", "重连|离线|重新同步|退避|队列"),
    ],
  }),
  q({
    id: "fe-16",
    topic: "responsive",
    category: "technical",
    difficulty: "easy",
    en: {
      question: "How do you make a web page work well on both phones and large desktop screens?",
      reference:
        "Start with the viewport meta tag so mobile browsers don't render a zoomed-out desktop page. Design mobile-first: base styles for small screens, then media queries (or container queries for components) at breakpoints where the layout actually breaks, not at specific device widths. Use fluid layouts with flexbox and grid, relative units (rem, %, clamp() for type), and max-width for readable line lengths. Images get srcset/sizes or the picture element so phones download smaller files. Touch targets need to be at least about 44×44 px, and hover-only interactions need an alternative. Finally test on real devices and in the browser's device emulation, including landscape and zoomed text.",
    },
    zh: {
      question: "你如何让一个网页在手机和大屏桌面上都有良好的体验？",
      reference:
        "先加上 viewport meta 标签，避免移动浏览器把桌面版页面缩小显示。采用移动优先的设计：先写小屏的基础样式，再在布局真正“断掉”的地方加媒体查询断点（组件可用容器查询），而不是针对具体设备宽度。使用 flexbox 和 grid 的流式布局、相对单位（rem、%，字号用 clamp()），用 max-width 控制可读的行宽。图片使用 srcset/sizes 或 picture 元素，让手机下载更小的文件。触控目标至少约 44×44 像素，只能悬停触发的交互需要替代方式。最后在真机和浏览器设备模拟中测试，包括横屏和放大字号的情况。",
    },
    keyPoints: [
      kp("Viewport meta tag", "viewport meta 标签", "viewport", "viewport|视口"),
      kp(
        "Fluid layouts with flexbox/grid and relative units",
        "用 flexbox/grid 和相对单位做流式布局",
        "flexbox|flex|grid|fluid|relative unit*|rem|percent*|%|clamp",
        "flex|grid|弹性布局|网格|流式|rem|百分比",
      ),
      kp(
        "Mobile-first media queries / breakpoints",
        "移动优先的媒体查询/断点",
        "media quer*|breakpoint*|mobile-first|mobile first|container quer*",
        "媒体查询|断点|移动优先|容器查询",
      ),
      kp("Responsive images (srcset/picture)", "响应式图片（srcset/picture）", "srcset|picture|responsive image*|sizes", "srcset|picture|响应式图片"),
      kp("Touch targets and testing on devices", "触控目标与真机测试", "touch|tap target*|44|real device*|emulat*|test*", "触控|点击区域|真机|模拟|测试"),
    ],
  }),
];
