/** 建议视图的中文文本，以及设置里关掉它的开关。 */
import type { Catalogue } from './en';

export const suggestionsZhCN: Partial<Catalogue> = {
  'suggestions.title': '建议',
  'suggestions.intro':
    '根据你在同一项目中的允许记录提出的规则：{days} 天内至少允许 {allows} 次且没有拒绝，或同一个限时授权在 {sessions} 个会话中反复设置。在你应用之前，什么都不会保存。',
  'suggestions.off': '建议已关闭。可在“设置”中打开。',
  'suggestions.noHistory': '这个控制台不保存历史记录，所以没有可学习的内容。',
  'suggestions.none': '目前没有建议。当你反复允许同一类调用时，建议会出现在这里。',
  'suggestions.folder': '项目 {folder}',
  'suggestions.savedIn': '将保存到 {file}（本项目的本地设置，只有你会读取）。',
  'suggestions.why.allows': {
    one: '最近 {days} 天里你允许了这类调用 {count} 次，没有拒绝过。',
    other: '最近 {days} 天里你允许了这类调用 {count} 次，没有拒绝过。',
  },
  'suggestions.why.grants': {
    one: '最近 {days} 天里你在 {count} 个会话中重新设置了这个授权，没有拒绝过。',
    other: '最近 {days} 天里你在 {count} 个会话中重新设置了这个授权，没有拒绝过。',
  },
  'suggestions.answered': '在这里最近的 {examined} 个提问中，它会回答其中 {answered} 个。',
  'suggestions.alsoAllows': {
    one: '它也会允许下面这个过去的请求：',
    other: '它也会允许下面这 {count} 个过去的请求：',
  },
  'suggestions.outcome.allow': '已允许',
  'suggestions.outcome.deny': '已拒绝',
  'suggestions.outcome.passthrough': '在智能体中回答',
  'suggestions.outcome.pending': '未回答',
  'suggestions.apply': '应用',
  'suggestions.edit': '编辑…',
  'suggestions.dismiss': '忽略',
  'suggestions.applied': '已将 {rule} 保存到 {file}：Claude Code 在这里不会再询问这类调用。',
  'suggestions.label': '建议的规则 {rule}',

  'proposals.setting.title': '根据我的允许记录建议规则',
  'proposals.setting.sentence':
    '当你在一个项目中反复允许同一类调用时，Gatehouse 会在“建议”中提出一条规则；在你应用之前什么都不会改变。危险调用、受保护路径、shell 或解释器、过宽的模式，都不会被建议。',
  'proposals.setting.on': '建议规则',
};
