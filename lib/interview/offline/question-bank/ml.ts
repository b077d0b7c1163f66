import { forArea, kp } from "./types";

/** Machine learning: fundamentals, evaluation, models, LLMs, production ML and MLOps. Written for Panelist. */
const q = forArea("ml");

export const ML = [
  q({
    id: "ml-01",
    topic: "overfitting",
    category: "technical",
    difficulty: "easy",
    en: {
      question: "What is overfitting, how do you notice it, and how do you prevent it?",
      reference:
        "Overfitting is when a model learns noise and quirks of the training data instead of the general pattern, so it scores well on training data and poorly on new data. You notice it as a growing gap between training and validation performance — training loss keeps falling while validation loss rises. Remedies: more or more varied data (including augmentation); a simpler model or fewer features; regularisation such as L1/L2 penalties, dropout, weight decay or limiting tree depth; early stopping on the validation loss; and cross-validation to get a reliable estimate and tune hyperparameters without fitting to one lucky split. The test set stays untouched until the end so the final estimate is honest.",
    },
    zh: {
      question: "什么是过拟合？你如何发现它，又如何防止它？",
      reference:
        "过拟合是指模型学到了训练数据中的噪声和偶然特征，而不是普遍规律，于是在训练数据上表现很好，在新数据上表现很差。表现为训练集与验证集的效果差距越来越大——训练损失持续下降，而验证损失上升。应对方法：更多或更多样的数据（包括数据增强）；更简单的模型或更少的特征；正则化，如 L1/L2 惩罚、Dropout、权重衰减或限制树的深度；根据验证损失早停；用交叉验证得到可靠的估计并调参，而不是拟合某一次“幸运”的划分。测试集一直保留到最后，以保证最终评估是诚实的。",
    },
    keyPoints: [
      kp(
        "Learns noise: good on training, poor on unseen data",
        "学到噪声：训练集好、新数据差",
        "noise|memori*|unseen|new data|generali*|training data",
        "噪声|记住|泛化|新数据|训练集",
      ),
      kp(
        "Detect via train/validation gap",
        "通过训练/验证差距发现",
        "validation|gap|train* loss|validation loss|learning curve*",
        "验证集|差距|训练损失|验证损失|学习曲线",
      ),
      kp("Regularisation (L1/L2, dropout)", "正则化（L1/L2、Dropout）", "regulari*|l1|l2|dropout|weight decay|penalt*", "正则|L1|L2|Dropout|权重衰减|惩罚"),
      kp(
        "More data / augmentation / simpler model",
        "更多数据 / 数据增强 / 更简单的模型",
        "more data|augment*|simpler model|fewer features|reduce complexity|prun*|depth",
        "更多数据|数据增强|简单模型|减少特征|剪枝|深度",
      ),
      kp("Early stopping and cross-validation", "早停与交叉验证", "early stopping|cross-validation|cross validation|k-fold", "早停|交叉验证|K 折"),
    ],
  }),
  q({
    id: "ml-02",
    topic: "precision-recall",
    category: "technical",
    difficulty: "easy",
    en: {
      question: "Explain precision and recall. When would you favour one over the other?",
      reference:
        "Precision is the share of predicted positives that are truly positive: TP / (TP + FP) — when the model says yes, how often is it right. Recall is the share of actual positives the model finds: TP / (TP + FN). Moving the decision threshold trades one for the other: a higher threshold gives fewer false positives (higher precision) but misses more (lower recall). Favour recall when a miss is expensive — cancer screening, fraud detection where a human reviews the alerts anyway. Favour precision when a false alarm is expensive — blocking a legitimate payment, a spam filter deleting real mail, or recommending something irrelevant. F1 (their harmonic mean) and the precision-recall curve summarise the trade-off, and the threshold is best chosen from the business cost of each kind of error.",
    },
    zh: {
      question: "解释一下精确率（precision）和召回率（recall）。什么时候你会更看重其中一个？",
      reference:
        "精确率是预测为正的样本中真正为正的比例：TP / (TP + FP)——模型说“是”的时候有多大概率是对的。召回率是所有真实正样本中被模型找出来的比例：TP / (TP + FN)。调整判定阈值会在两者之间取舍：阈值越高，误报越少（精确率更高），但漏掉的更多（召回率更低）。漏报代价高时看重召回率——癌症筛查、有人工复核告警的欺诈检测。误报代价高时看重精确率——拦截正常支付、垃圾邮件过滤误删真实邮件、推荐不相关的内容。F1（二者的调和平均）和 PR 曲线可以概括这种权衡，阈值最好根据每种错误的业务代价来选择。",
    },
    keyPoints: [
      kp("Precision = TP / (TP + FP)", "精确率 = TP / (TP + FP)", "precision|false positive*|fp|predicted positive*", "精确率|准确率|查准|误报|假阳性|FP"),
      kp("Recall = TP / (TP + FN)", "召回率 = TP / (TP + FN)", "recall|false negative*|fn|actual positive*|sensitivity", "召回|查全|漏报|假阴性|FN"),
      kp("Threshold trades one for the other", "阈值在两者之间取舍", "threshold|trade-off|tradeoff|trade off", "阈值|权衡|取舍"),
      kp(
        "Choice by cost of errors, with examples",
        "根据错误代价选择，并举例",
        "fraud|cancer|medical|spam|cost|screening|diagnos*",
        "欺诈|癌症|医疗|垃圾邮件|代价|成本|筛查",
      ),
      kp("F1 / PR curve", "F1 / PR 曲线", "f1|harmonic|pr curve|precision-recall curve|auc", "F1|调和|PR 曲线|AUC"),
    ],
  }),
  q({
    id: "ml-03",
    topic: "bias-variance",
    category: "technical",
    difficulty: "easy",
    en: {
      question: "Explain the bias–variance trade-off.",
      reference:
        "A model's expected error on new data splits into bias, variance and irreducible noise. Bias is error from wrong or too simple assumptions — a linear model for a curved relationship underfits and is wrong in the same way whatever data it sees. Variance is sensitivity to the particular training sample — a very deep tree fits each sample differently and overfits. Increasing model complexity usually lowers bias and raises variance, so the best test error lies in between. You reduce variance with more data, regularisation and averaging many models (bagging, random forests); you reduce bias with richer features or more flexible models, and boosting builds a strong model from many high-bias weak learners. Learning curves show which one you are fighting.",
    },
    zh: {
      question: "解释一下偏差-方差权衡（bias–variance trade-off）。",
      reference:
        "模型在新数据上的期望误差可以分解为偏差、方差和不可约的噪声。偏差来自错误或过于简单的假设——用线性模型拟合曲线关系会欠拟合，无论看到什么数据都以同样的方式出错。方差是对特定训练样本的敏感程度——很深的决策树对每份样本拟合得都不一样，会过拟合。提高模型复杂度通常会降低偏差、提高方差，因此最好的测试误差在两者之间。降低方差的方法有：更多数据、正则化、对多个模型取平均（Bagging、随机森林）；降低偏差的方法有：更丰富的特征或更灵活的模型，Boosting 则由许多高偏差的弱学习器构建出强模型。学习曲线能看出你面对的是哪一个问题。",
    },
    keyPoints: [
      kp("Bias: too-simple assumptions, underfitting", "偏差：假设过于简单，欠拟合", "bias|underfit*|too simple|simple model", "偏差|欠拟合|过于简单"),
      kp(
        "Variance: sensitivity to the training sample, overfitting",
        "方差：对训练样本敏感，过拟合",
        "variance|overfit*|sensitiv*|too complex",
        "方差|过拟合|敏感|过于复杂",
      ),
      kp(
        "Complexity moves one against the other",
        "复杂度使二者此消彼长",
        "complexity|trade-off|tradeoff|trade off|sweet spot|balance",
        "复杂度|权衡|平衡|此消彼长",
      ),
      kp(
        "Total error decomposition / remedies (bagging, boosting)",
        "总误差分解 / 应对方法（Bagging、Boosting）",
        "decompos*|irreducible|noise|bagging|boosting|ensembl*|regulari*",
        "分解|不可约|噪声|Bagging|Boosting|集成|正则",
      ),
    ],
  }),
  q({
    id: "ml-04",
    topic: "data-leakage",
    category: "technical",
    difficulty: "easy",
    en: {
      question: "How do you split data into training, validation and test sets, and what is data leakage?",
      reference:
        'The training set fits the model, the validation set (or cross-validation) is used to choose features and hyperparameters, and the test set is used once at the end for an unbiased estimate. The split must mirror how the model will be used: for time-dependent problems split by time (train on the past, validate on the future), and keep all rows of one user, patient or session in the same split (group split) so the model isn\'t tested on people it has already seen. Data leakage is information in training that will not be available at prediction time, making offline results look too good: a feature computed after the outcome ("refund issued" to predict fraud), future data in time series, duplicates across splits, or preprocessing such as scaling or target encoding fitted on the full dataset before splitting. Fit every preprocessing step on training data only, inside a pipeline.',
    },
    zh: {
      question: "你如何把数据划分为训练集、验证集和测试集？什么是数据泄漏？",
      reference:
        "训练集用来拟合模型，验证集（或交叉验证）用来选择特征和超参数，测试集只在最后使用一次，给出无偏的评估。划分方式必须反映模型的实际使用方式：与时间相关的问题按时间划分（用过去训练、用未来验证）；同一用户、病人或会话的所有数据放在同一份中（分组划分），避免模型在“见过的人”身上被测试。数据泄漏是指训练时用到了预测时拿不到的信息，使离线结果好得不真实：在结果发生之后才计算出的特征（用“已退款”预测欺诈）、时间序列中的未来数据、跨数据集的重复样本，或者在划分前就用全量数据拟合的预处理（标准化、目标编码）。所有预处理步骤只在训练数据上拟合，并放在流水线（pipeline）里。",
    },
    keyPoints: [
      kp(
        "Roles of train / validation / test",
        "训练/验证/测试集的作用",
        "train*|validation|test set|hyperparameter*|unbiased|held out|holdout",
        "训练集|验证集|测试集|超参数|无偏|留出",
      ),
      kp(
        "Split by time for temporal problems",
        "时间相关问题按时间划分",
        "time-based|by time|temporal|time series|chronolog*|future",
        "按时间|时间序列|时序|未来",
      ),
      kp(
        "Group split (same user in one split)",
        "分组划分（同一用户在同一份中）",
        "group*|same user|per user|patient*|session*",
        "分组|同一用户|同一个人|会话",
      ),
      kp(
        "Leakage: information unavailable at prediction time",
        "泄漏：预测时拿不到的信息",
        "leak*|future information|not available at prediction|target leakage|after the outcome",
        "泄漏|泄露|未来信息|预测时|穿越",
      ),
      kp(
        "Fit preprocessing on training data only (pipeline)",
        "预处理只在训练数据上拟合（pipeline）",
        "preprocess*|scal*|normali*|fit on train*|pipeline|target encod*",
        "预处理|标准化|归一化|只在训练集|Pipeline|目标编码",
      ),
    ],
  }),
  q({
    id: "ml-05",
    topic: "tree-ensembles",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "How do gradient-boosted trees work, and how do they differ from random forests?",
      reference:
        "Both combine many decision trees. A random forest trains deep trees independently and in parallel on bootstrap samples with random feature subsets and averages them (bagging), which mainly reduces variance; it is robust and hard to overfit with more trees. Gradient boosting builds shallow trees sequentially: each new tree fits the negative gradient of the loss — for squared error, the residuals — of the current ensemble, and is added with a small learning rate, which mainly reduces bias. Boosting (XGBoost, LightGBM, CatBoost) usually gives the best accuracy on tabular data but needs tuning — learning rate, number of trees with early stopping, depth, subsampling, regularisation — and can overfit noisy labels. Random forests are a strong low-effort baseline.",
    },
    zh: {
      question: "梯度提升树（GBDT）是如何工作的？它和随机森林有什么区别？",
      reference:
        "两者都组合了很多棵决策树。随机森林在自助采样的数据和随机特征子集上独立、并行地训练较深的树，再取平均（Bagging），主要降低方差；它很稳健，树越多也不容易过拟合。梯度提升顺序地构建较浅的树：每棵新树拟合当前集成模型损失函数的负梯度——对平方误差来说就是残差——并以较小的学习率加入，主要降低偏差。Boosting（XGBoost、LightGBM、CatBoost）在表格数据上通常精度最好，但需要调参——学习率、配合早停的树数量、深度、子采样、正则化——并且可能对带噪声的标签过拟合。随机森林是一个省心且强的基线。",
    },
    keyPoints: [
      kp(
        "Boosting: sequential trees fit residuals / gradients",
        "Boosting：顺序建树，拟合残差/梯度",
        "sequential*|residual*|gradient*|one after another|previous tree*|boosting",
        "顺序|串行|残差|梯度|前一棵|Boosting",
      ),
      kp(
        "Random forest: bagging, independent parallel trees",
        "随机森林：Bagging，独立并行的树",
        "bagging|bootstrap|parallel|independent*|random feature*|average*",
        "Bagging|自助采样|并行|独立|随机特征|平均",
      ),
      kp("Boosting reduces bias, forests reduce variance", "Boosting 降低偏差，随机森林降低方差", "bias|variance", "偏差|方差"),
      kp(
        "Key hyperparameters: learning rate, depth, trees",
        "关键超参数：学习率、深度、树的数量",
        "learning rate|depth|number of trees|n_estimators|early stopping|subsampl*",
        "学习率|深度|树的数量|早停|子采样",
      ),
      kp(
        "Strong on tabular data (XGBoost/LightGBM)",
        "在表格数据上表现强（XGBoost/LightGBM）",
        "xgboost|lightgbm|catboost|tabular",
        "XGBoost|LightGBM|CatBoost|表格数据|结构化数据",
      ),
    ],
  }),
  q({
    id: "ml-06",
    topic: "imbalance",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "How do you approach a classification problem where only 0.5% of examples are positive?",
      reference:
        "First the metric: accuracy is meaningless (predicting all negative gives 99.5%), so use precision and recall at a chosen threshold, the PR-AUC, or a cost-weighted metric tied to the business. Stratify the splits so every fold has positives. Then options, tried and compared on the validation metric: class weights in the loss (often the simplest and best); resampling — undersample the majority, oversample the minority or generate synthetic examples with SMOTE — applied only to the training data; and threshold tuning on the predicted probabilities rather than using 0.5. Calibrate probabilities if they feed decisions. Getting more positive examples (labelling, active learning) often beats any trick, and at extreme rarity an anomaly-detection framing can work better.",
    },
    zh: {
      question: "面对一个只有 0.5% 样本为正例的分类问题，你会如何处理？",
      reference:
        "首先是评估指标：准确率没有意义（全部预测为负就有 99.5%），所以要用选定阈值下的精确率和召回率、PR-AUC，或者与业务相关的代价加权指标。划分数据时做分层抽样，保证每一折都有正例。然后在验证指标上尝试并比较几种方法：在损失函数中加类别权重（通常最简单也最有效）；重采样——对多数类欠采样、对少数类过采样，或用 SMOTE 生成合成样本——只作用于训练数据；在预测概率上调整阈值，而不是用 0.5。如果概率要用于决策，还需要做概率校准。获取更多正例（标注、主动学习）往往比任何技巧都有效；在极度稀少时，把问题当作异常检测来做可能更好。",
    },
    keyPoints: [
      kp(
        "Accuracy is misleading; use PR-AUC / precision / recall",
        "准确率有误导性；用 PR-AUC/精确率/召回率",
        "accuracy|pr-auc|pr auc|precision|recall|f1|auc",
        "准确率|PR-AUC|精确率|召回率|F1|AUC",
      ),
      kp(
        "Resampling (under/oversampling, SMOTE) on training data",
        "在训练数据上重采样（欠采样/过采样、SMOTE）",
        "resampl*|undersampl*|oversampl*|smote|down-sampl*|up-sampl*",
        "重采样|欠采样|过采样|SMOTE|下采样|上采样",
      ),
      kp(
        "Class weights / cost-sensitive loss",
        "类别权重 / 代价敏感损失",
        "class weight*|weighted loss|cost-sensitive|focal loss|weight*",
        "类别权重|加权|代价敏感|Focal Loss|权重",
      ),
      kp("Tune the decision threshold", "调整判定阈值", "threshold*|0.5|calibrat*", "阈值|校准"),
      kp(
        "Stratified splits; more labels or anomaly detection",
        "分层划分；更多标注或异常检测",
        "stratif*|more data|label*|anomaly detection|active learning",
        "分层|更多数据|标注|异常检测|主动学习",
      ),
    ],
  }),
  q({
    id: "ml-07",
    topic: "transformers",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "Explain how self-attention in a Transformer works.",
      reference:
        "Each token's embedding is projected into three vectors: a query, a key and a value. For every token, its query is compared with every token's key by dot product, scaled by the square root of the key dimension to keep the values in a range where softmax has useful gradients, and the softmax of those scores gives weights that sum to one; the token's output is the weighted sum of all the values. So each position can draw information from any other position in one step, unlike an RNN. Multi-head attention runs several of these in parallel with different projections, so heads can specialise (syntax, coreference), then concatenates them. Attention itself ignores order, so positional information is added (sinusoidal, learned or rotary embeddings). In decoders a causal mask stops tokens attending to future positions. The cost is quadratic in sequence length, which is why long-context work uses tricks like FlashAttention or sparse attention.",
    },
    zh: {
      question: "解释一下 Transformer 中的自注意力（self-attention）是如何工作的。",
      reference:
        "每个 token 的嵌入向量被投影成三个向量：查询（Query）、键（Key）和值（Value）。对每个 token，用它的查询与所有 token 的键做点积，再除以键维度的平方根进行缩放（让数值保持在 softmax 梯度有效的范围内），对这些分数做 softmax 得到和为 1 的权重；该 token 的输出就是所有值向量的加权和。这样每个位置一步就能从任何其他位置获取信息，不像 RNN 那样逐步传递。多头注意力用不同的投影并行地做多组注意力，让各个头可以各有侧重（句法、指代），再拼接起来。注意力本身不考虑顺序，所以要加入位置信息（正弦、可学习或旋转位置编码 RoPE）。解码器中使用因果掩码，防止 token 关注未来的位置。计算量与序列长度成平方关系，所以长上下文会用 FlashAttention 或稀疏注意力等技巧。",
    },
    keyPoints: [
      kp("Queries, keys and values", "查询、键和值（Q/K/V）", "quer*|key*|value*|qkv|q, k|q k v", "查询|键|值|QKV|Query|Key|Value"),
      kp(
        "Scaled dot-product scores and softmax weights",
        "缩放点积打分与 softmax 权重",
        "dot product|dot-product|softmax|scaled|square root|sqrt|weighted sum",
        "点积|softmax|缩放|平方根|加权",
      ),
      kp("Multi-head attention", "多头注意力", "multi-head|multi head|multiple heads|heads", "多头"),
      kp("Positional encoding and causal masking", "位置编码与因果掩码", "positional*|position*|rope|rotary|mask*|causal", "位置编码|位置|RoPE|掩码|因果"),
      kp(
        "Quadratic cost in sequence length",
        "计算量随序列长度平方增长",
        "quadratic|o(n^2)|o(n²)|n squared|n^2|sequence length|long context|flashattention",
        "平方|序列长度|长上下文|FlashAttention",
      ),
    ],
  }),
  q({
    id: "ml-08",
    topic: "recsys-metrics",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "How do you evaluate a recommendation or ranking model?",
      reference:
        "Offline, with ranking metrics on held-out interactions split by time: recall@k or hit rate@k (did the item the user engaged with appear in the top k), precision@k, MAP, and NDCG@k, which rewards putting relevant items near the top. Also look beyond accuracy: coverage of the catalogue, diversity and novelty, popularity bias, and performance for cold-start users and items. Offline metrics are biased because logged data only shows what the old system chose to display, so they don't reliably predict online impact; counterfactual methods (inverse propensity scoring) help somewhat. The final judge is an online A/B test on business metrics — click-through, conversion, watch time, retention — with guardrails like complaints, hides and latency, watching for short-term clicks that hurt long-term satisfaction.",
    },
    zh: {
      question: "你如何评估一个推荐或排序模型？",
      reference:
        "离线评估：在按时间划分的留出交互数据上，用排序指标：recall@k 或 hit rate@k（用户实际互动的物品是否出现在前 k 个）、precision@k、MAP，以及 NDCG@k（奖励把相关物品排在靠前的位置）。还要看准确性之外的指标：物品覆盖率、多样性和新颖性、流行度偏差，以及冷启动用户和物品上的表现。离线指标存在偏差，因为日志数据只包含旧系统选择展示的内容，所以不能可靠地预测线上效果；反事实方法（逆倾向加权）能有一定帮助。最终以线上 A/B 测试的业务指标为准——点击率、转化率、观看时长、留存——并设置投诉、不感兴趣、延迟等护栏指标，警惕短期点击上涨却损害长期满意度。",
    },
    keyPoints: [
      kp(
        "Offline ranking metrics: NDCG, MAP, recall@k",
        "离线排序指标：NDCG、MAP、recall@k",
        "ndcg|map|recall@k|precision@k|hit rate|mrr|auc|offline",
        "NDCG|MAP|召回率|命中率|MRR|AUC|离线",
      ),
      kp(
        "Online A/B test on business metrics",
        "线上 A/B 测试看业务指标",
        "a/b|ab test|online|click-through|ctr|conversion|watch time|retention",
        "A/B|线上|点击率|CTR|转化|观看时长|留存",
      ),
      kp(
        "Offline–online gap (logging/selection bias)",
        "离线与线上的差距（日志/选择偏差）",
        "bias|gap|offline-online|counterfactual|propensity|exposure|selection",
        "偏差|差距|不一致|反事实|倾向|曝光",
      ),
      kp(
        "Beyond accuracy: diversity, coverage, cold start",
        "准确性之外：多样性、覆盖率、冷启动",
        "diversity|novelty|coverage|cold start|cold-start|popularity",
        "多样性|新颖|覆盖率|冷启动|流行度",
      ),
    ],
  }),
  q({
    id: "ml-09",
    topic: "offline-online-gap",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "Your model looked great offline but performs poorly in production. What could be wrong, and how do you find out?",
      reference:
        "Common causes: training–serving skew — features computed differently online (another code path, different defaults for missing values, units, stale features from a cache) than in training; leakage in the offline evaluation that made it look better than it ever was; distribution shift — production traffic differs from the training period (new users, seasonality, a changed product); a feedback loop where the model's own decisions change the data; and plain bugs such as wrong feature order or a model version mismatch. To find out, log the exact features and predictions served, recompute features offline for the same requests and compare them field by field, compare feature and prediction distributions between training and production, re-check the evaluation split for leakage, and replay production data through the offline pipeline. The fix is usually one shared feature pipeline (a feature store) plus monitoring.",
    },
    zh: {
      question: "你的模型离线效果很好，但上线后表现很差。可能是哪里出了问题？你如何查出来？",
      reference:
        "常见原因：训练-服务不一致（training-serving skew）——线上计算特征的方式与训练时不同（另一套代码、缺失值默认值不同、单位不同、缓存导致特征过期）；离线评估存在数据泄漏，让效果看起来比实际好；分布偏移——线上流量与训练时期不同（新用户、季节性、产品变化）；反馈回路，模型自己的决策改变了数据；还有单纯的 bug，比如特征顺序错误、模型版本不一致。排查方法：记录线上实际使用的特征和预测结果，对相同请求离线重新计算特征并逐字段比较；比较训练和线上的特征分布和预测分布；重新检查评估划分是否有泄漏；把线上数据回放到离线流程中。解决办法通常是统一的特征计算流程（特征平台/Feature Store）加上监控。",
    },
    keyPoints: [
      kp(
        "Training–serving skew in features",
        "特征的训练-服务不一致",
        "training-serving skew|training serving skew|skew|feature pipeline|computed differently|inconsisten*",
        "训练服务不一致|特征不一致|线上线下不一致|特征口径",
      ),
      kp("Distribution shift / drift", "分布偏移 / 漂移", "distribution shift|drift|shift|seasonal*|new users|covariate", "分布偏移|漂移|分布变化|季节|新用户"),
      kp("Leakage inflated the offline result", "泄漏导致离线结果虚高", "leak*|overly optimistic|too good", "泄漏|泄露|虚高"),
      kp(
        "Log served features and compare with offline",
        "记录线上特征并与离线比较",
        "log*|compare|replay|recompute*|feature store",
        "记录|日志|比较|回放|重新计算|特征平台",
      ),
      kp("Monitoring and feedback loops", "监控与反馈回路", "monitor*|feedback loop|alert*|dashboard*", "监控|反馈回路|告警"),
    ],
  }),
  q({
    id: "ml-10",
    topic: "model-serving",
    category: "system-design",
    difficulty: "hard",
    en: {
      question: "Design a system to serve a deep-learning model at thousands of requests per second with a p99 latency under 50 ms.",
      reference:
        "Start from the latency budget: network, feature lookup, inference, post-processing. Features needed at request time come from an online feature store (Redis or similar) precomputed by streaming or batch jobs, never from slow joins at request time. The model runs in a dedicated model server (Triton, TorchServe, TF Serving, vLLM for LLMs) on GPUs or CPUs, with dynamic batching that groups concurrent requests within a few milliseconds to use the hardware efficiently without blowing the latency. Make the model cheaper: quantisation (INT8/FP16), distillation into a smaller model, ONNX/TensorRT compilation. Cache results for repeated inputs. Scale horizontally behind a load balancer with autoscaling on GPU utilisation and queue depth, and keep a fallback (a simpler model or default) for timeouts. New versions roll out via shadow traffic and canaries, with monitoring of latency percentiles, errors and prediction distributions.",
    },
    zh: {
      question: "设计一个系统，以每秒数千次请求、p99 延迟低于 50 毫秒的要求提供深度学习模型的在线推理服务。",
      reference:
        "从延迟预算出发：网络、特征查询、推理、后处理各占多少。请求时需要的特征来自在线特征库（Redis 之类），由流式或批处理任务预先计算，绝不在请求时做缓慢的关联查询。模型运行在专门的模型服务框架上（Triton、TorchServe、TF Serving，大模型用 vLLM），使用 GPU 或 CPU，并开启动态批处理：把几毫秒内的并发请求合成一批，高效利用硬件又不超出延迟。让模型更便宜：量化（INT8/FP16）、蒸馏成更小的模型、用 ONNX/TensorRT 编译。对重复输入缓存结果。通过负载均衡水平扩展，按 GPU 利用率和队列长度自动扩缩容，并为超时准备兜底（更简单的模型或默认值）。新版本通过影子流量和金丝雀发布上线，并监控延迟分位数、错误率和预测分布。",
    },
    keyPoints: [
      kp(
        "Latency budget and an online feature store",
        "延迟预算与在线特征库",
        "latency budget|budget|feature store|online feature*|precomput*",
        "延迟预算|预算|特征库|在线特征|预计算|Feature Store",
      ),
      kp(
        "Model server with dynamic batching on GPUs",
        "模型服务框架，GPU 上的动态批处理",
        "triton|torchserve|tf serving|vllm|model server|batch*|gpu*",
        "Triton|TorchServe|vLLM|模型服务|批处理|GPU",
      ),
      kp(
        "Model optimisation: quantisation, distillation, compilation",
        "模型优化：量化、蒸馏、编译",
        "quantiz*|quantis*|int8|fp16|distill*|onnx|tensorrt|prun*",
        "量化|INT8|FP16|蒸馏|ONNX|TensorRT|剪枝",
      ),
      kp(
        "Caching, autoscaling and fallbacks",
        "缓存、自动扩缩容与兜底",
        "cach*|autoscal*|horizontal*|load balanc*|fallback|timeout*",
        "缓存|自动扩缩|水平扩展|负载均衡|兜底|降级|超时",
      ),
      kp("Safe rollout (shadow/canary) and monitoring", "安全发布（影子/金丝雀）与监控", "shadow|canary|a/b|rollout|monitor*|p99", "影子|金丝雀|灰度|监控|p99"),
    ],
  }),
  q({
    id: "ml-11",
    topic: "rag",
    category: "system-design",
    difficulty: "hard",
    en: {
      question: "How would you build a retrieval-augmented generation (RAG) system over a company's documents, and how would you evaluate it?",
      reference:
        "Ingestion: extract text from the documents, split it into chunks of a few hundred tokens along structure (headings, paragraphs) with some overlap, keep metadata (source, date, permissions), and embed each chunk into a vector index (pgvector, Elasticsearch, a vector database). Retrieval: embed the question and search; hybrid search combining vectors with keyword BM25 handles exact names and codes, and a cross-encoder reranker improves the top results; filter by the user's access rights. Generation: put the retrieved chunks in the prompt as clearly fenced context, instruct the model to answer only from them, cite sources and say when it doesn't know. Evaluation: a labelled set of questions with known relevant passages measures retrieval (recall@k, MRR); answers are judged for faithfulness/groundedness to the context, correctness and citation accuracy — by humans and an LLM judge checked against humans — and production feedback and failure cases feed the test set. Watch freshness (re-index on document change) and prompt injection inside documents.",
    },
    zh: {
      question: "你会如何基于公司文档构建一个检索增强生成（RAG）系统？又如何评估它？",
      reference:
        "数据接入：从文档中提取文本，按结构（标题、段落）切成几百个 token 的块并保留一定重叠，保存元数据（来源、日期、权限），把每个块向量化后存入向量索引（pgvector、Elasticsearch、向量数据库）。检索：把问题向量化并搜索；混合检索把向量与关键词 BM25 结合，能处理精确的名称和编号，再用交叉编码器重排（rerank）提升排在前面的结果；按用户的访问权限过滤。生成：把检索到的块作为明确隔离的上下文放入提示词，要求模型只依据它们回答、标注来源、不知道时直接说明。评估：用标注好相关段落的问题集衡量检索效果（recall@k、MRR）；回答从对上下文的忠实度/有据性、正确性和引用准确性来评判——由人工以及经过人工校准的 LLM 评审完成——线上反馈和失败案例持续补充到测试集。还要注意时效性（文档变化时重新索引）以及文档中的提示词注入。",
    },
    keyPoints: [
      kp(
        "Chunking and embeddings into a vector index",
        "切块与向量化，存入向量索引",
        "chunk*|embedding*|vector*|pgvector|index*|split*",
        "切块|分块|向量|Embedding|索引|切分",
      ),
      kp(
        "Retrieval quality: hybrid search (BM25) and reranking",
        "检索质量：混合检索（BM25）与重排",
        "hybrid|bm25|keyword|rerank*|re-rank*|cross-encoder|top-k|top k",
        "混合检索|BM25|关键词|重排|Rerank|Top K",
      ),
      kp(
        "Grounded prompting with citations; permissions",
        "基于上下文作答并引用来源；权限过滤",
        "context|citation*|cite*|source*|ground*|only from|permission*|access",
        "上下文|引用|来源|有据|权限",
      ),
      kp(
        "Evaluate retrieval (recall@k) and answers (faithfulness)",
        "评估检索（recall@k）与回答（忠实度）",
        "recall@k|recall|mrr|faithful*|groundedness|eval*|llm judge|llm-as-a-judge|golden set|test set",
        "召回|评估|忠实|评测集|LLM 评审|测试集",
      ),
      kp(
        "Hallucination, freshness and prompt injection",
        "幻觉、时效性与提示词注入",
        "hallucinat*|fresh*|re-index*|reindex*|injection|stale",
        "幻觉|时效|重新索引|注入|过期",
      ),
    ],
  }),
  q({
    id: "ml-12",
    topic: "fraud-ml",
    category: "system-design",
    difficulty: "hard",
    en: {
      question: "Design the machine-learning system that flags fraudulent card payments in real time.",
      reference:
        "Constraints first: a decision within about 100 ms per payment, fraud rates well under 1%, and an adversary who adapts. Features combine the transaction (amount, merchant, country) with behaviour over time — velocity features such as payments by this card in the last hour, distance from the usual location, device and IP reputation, graph links between cards, devices and accounts — computed by a streaming pipeline into an online feature store. A gradient-boosted model is a strong choice for tabular features; it sits alongside hard rules for known patterns, and the score maps to actions (approve, step-up authentication, review, decline) with thresholds chosen from the cost of fraud versus the cost of declining good customers. Labels are delayed (chargebacks arrive weeks later) and biased by what was blocked, so keep a small random holdout and handle class imbalance. Fraudsters adapt, so monitor drift, retrain often, and feed analysts' review decisions back as labels.",
    },
    zh: {
      question: "设计一个实时识别信用卡欺诈交易的机器学习系统。",
      reference:
        "先明确约束：每笔支付约 100 毫秒内做出决策，欺诈率远低于 1%，而且对手会不断调整策略。特征把交易本身（金额、商户、国家）与随时间变化的行为结合起来——速度类特征（这张卡最近一小时的支付次数）、与常用地点的距离、设备和 IP 信誉、卡/设备/账户之间的关系图——由流式管道计算并写入在线特征库。对表格特征来说，梯度提升模型是很好的选择；它与针对已知模式的硬规则并行，分数映射为不同动作（通过、加强验证、人工审核、拒绝），阈值根据欺诈损失与误拒正常客户的代价来确定。标签是延迟的（拒付在几周后才到），并且受被拦截交易的影响而有偏，所以要保留一小部分随机放行的对照，并处理类别不平衡。欺诈者会适应，所以要监控漂移、频繁重训练，并把审核员的判定作为标签回流。",
    },
    keyPoints: [
      kp(
        "Real-time features: velocity, location, device, graph",
        "实时特征：频次、位置、设备、关系图",
        "velocity|feature*|device|ip|location|graph|streaming|feature store",
        "频次|特征|设备|IP|位置|关系图|流式|特征库",
      ),
      kp("Latency budget; rules plus model", "延迟预算；规则加模型", "latency|millisecond*|ms|rule*|real-time|real time", "延迟|毫秒|规则|实时"),
      kp(
        "Delayed, biased labels and class imbalance",
        "标签延迟、有偏以及类别不平衡",
        "label*|delay*|chargeback*|imbalanc*|holdout",
        "标签|延迟|拒付|不平衡|对照",
      ),
      kp(
        "Thresholds from business cost; actions",
        "根据业务代价设定阈值；分级动作",
        "threshold*|cost|false positive*|decline*|review|step-up|friction",
        "阈值|代价|成本|误拒|审核|验证",
      ),
      kp(
        "Adversarial drift: monitoring, retraining, feedback",
        "对抗性漂移：监控、重训练、反馈",
        "drift|adversar*|adapt*|retrain*|monitor*|feedback",
        "漂移|对抗|重训练|监控|反馈",
      ),
    ],
  }),
  q({
    id: "ml-13",
    topic: "llm-finetuning",
    category: "technical",
    difficulty: "medium",
    en: {
      question: "When would you fine-tune a large language model instead of prompting it, and how would you go about it?",
      reference:
        "Try the cheaper options first: a clear prompt with examples (few-shot), structured output, and retrieval (RAG) for knowledge the model lacks — fine-tuning is a poor way to add facts that change. Fine-tune when you need a consistent format, style or behaviour that prompting can't hold reliably, a narrow task where a smaller fine-tuned model can replace a large one to cut latency and cost, or domain language the base model handles poorly. The work is mostly data: a few hundred to a few thousand high-quality, diverse examples in the target format, deduplicated and checked for leakage into the evaluation set. Parameter-efficient methods such as LoRA/QLoRA train small adapter weights cheaply; preference methods (DPO, RLHF) come later if needed. Evaluate against the prompted baseline on a held-out set with task metrics and human or LLM-judge review, and check that general abilities and safety haven't regressed.",
    },
    zh: {
      question: "什么时候你会选择微调一个大语言模型，而不是通过提示词使用它？你会怎么做？",
      reference:
        "先尝试更便宜的方案：清晰的提示词加示例（few-shot）、结构化输出，以及针对模型缺乏的知识使用检索增强（RAG）——用微调来添加会变化的事实效果很差。以下情况适合微调：需要提示词难以稳定保持的格式、风格或行为；任务很窄，一个微调过的小模型可以替代大模型，降低延迟和成本；基础模型处理不好的领域语言。主要工作在数据上：几百到几千条高质量、多样、符合目标格式的样本，去重，并检查是否泄漏到评估集。参数高效的方法如 LoRA/QLoRA 只训练少量适配器权重，成本低；如有需要，之后再用偏好方法（DPO、RLHF）。在留出集上与提示词基线对比，用任务指标加人工或 LLM 评审来评估，并检查通用能力和安全性没有退化。",
    },
    keyPoints: [
      kp(
        "Prompting and RAG first; fine-tuning is not for changing facts",
        "先用提示词和 RAG；微调不适合补充会变化的知识",
        "prompt*|few-shot|few shot|rag|retrieval|knowledge|facts",
        "提示词|Prompt|few-shot|RAG|检索|知识",
      ),
      kp(
        "When: consistent format/style, narrow task, cost/latency",
        "何时微调：稳定的格式/风格、窄任务、成本/延迟",
        "format|style|behavio*|narrow|smaller model|cost|latency|domain",
        "格式|风格|行为|小模型|成本|延迟|领域",
      ),
      kp(
        "High-quality training data",
        "高质量的训练数据",
        "data quality|high-quality|high quality|examples|dataset|label*|clean*",
        "数据质量|高质量|样本|数据集|标注|清洗",
      ),
      kp(
        "Parameter-efficient methods (LoRA/QLoRA)",
        "参数高效微调（LoRA/QLoRA）",
        "lora|qlora|peft|adapter*|parameter-efficient|sft|dpo|rlhf",
        "LoRA|QLoRA|PEFT|适配器|参数高效|SFT|DPO",
      ),
      kp(
        "Evaluate against the baseline; check regressions",
        "与基线对比评估；检查退化",
        "evaluat*|baseline|held-out|benchmark*|regress*|judge",
        "评估|基线|对比|留出|退化|评审",
      ),
    ],
  }),
  q({
    id: "ml-14",
    topic: "ml-monitoring",
    category: "technical",
    difficulty: "hard",
    en: {
      question: "How do you monitor a model in production and decide when to retrain it?",
      reference:
        "Monitor at several levels. Service health: latency, errors, throughput. Inputs: missing values, out-of-range values and distribution drift per feature compared with training (population stability index, KS test), which also catches broken upstream pipelines. Outputs: the distribution of predictions and the share above the decision threshold — a sudden shift is an early warning even before labels arrive. Performance: once ground-truth labels arrive, compute the real metrics, by segment as well as overall, and tie them to business metrics. Retraining can be scheduled (weekly, monthly) when drift is steady, or triggered when performance or drift crosses agreed thresholds; either way the new model is validated against the current one on recent data before promotion, rolled out gradually, and versioned — model, data and code — so a bad release can be rolled back quickly.",
    },
    zh: {
      question: "你如何监控线上模型，并决定何时重新训练？",
      reference:
        "分几个层次监控。服务健康：延迟、错误率、吞吐量。输入：缺失值、越界值，以及每个特征相对训练数据的分布漂移（PSI 群体稳定性指数、KS 检验），这也能发现上游数据管道的故障。输出：预测值的分布以及超过判定阈值的比例——即使标签还没到，突然的变化也是早期预警。效果：真实标签到达后计算实际指标，既看整体也按人群拆分，并与业务指标关联。重新训练可以定期进行（每周、每月），适用于漂移稳定的情况；也可以在效果或漂移超过约定阈值时触发。无论哪种，新模型上线前都要在近期数据上与当前模型对比验证，逐步放量，并对模型、数据和代码做版本管理，出问题时可以快速回滚。",
    },
    keyPoints: [
      kp(
        "Input drift per feature (PSI, KS)",
        "每个特征的输入漂移（PSI、KS）",
        "drift|psi|population stability|ks test|kolmogorov|distribution|data quality",
        "漂移|PSI|稳定性|KS|分布|数据质量",
      ),
      kp(
        "Prediction distribution as an early signal",
        "预测分布作为早期信号",
        "prediction distribution|predictions|output distribution|score distribution|early warning",
        "预测分布|输出分布|分数分布|预警",
      ),
      kp(
        "Real performance once labels arrive (by segment)",
        "标签到达后计算真实效果（分人群）",
        "label*|ground truth|delayed|performance|accuracy|auc|segment*",
        "标签|真实|延迟|效果|指标|分群",
      ),
      kp(
        "Retraining: scheduled or triggered by thresholds",
        "重训练：定期或按阈值触发",
        "retrain*|schedul*|trigger*|threshold*|periodic*",
        "重训练|重新训练|定期|触发|阈值",
      ),
      kp(
        "Validate, roll out gradually, version and roll back",
        "验证、逐步放量、版本管理与回滚",
        "validat*|champion|challenger|canary|rollout|version*|rollback|roll back",
        "验证|对比|灰度|版本|回滚",
      ),
    ],
  }),
];
