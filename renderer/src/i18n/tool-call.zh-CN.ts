/** 工具调用显示的中文文本。 */
import type { Catalogue } from './en';

export const toolCallZhCN: Partial<Catalogue> = {
  'bash.command': '命令',
  'bash.description': '代理对它的说明',
  'bash.subcommands': '子命令',
  'bash.allowedBy': '已由 {rule} 允许',
  'bash.noRule': '没有规则允许',
  'bash.readOnly': '只读取',
  'bash.moreSubcommands': { one: '另外 {count} 个已允许或只读取', other: '另外 {count} 个已允许或只读取' },

  'edit.newFile': '新文件',
  'edit.added': '+{count}',
  'edit.removed': '−{count}',
  'edit.unified': '合并',
  'edit.split': '并排',
  'edit.layout': '差异布局',
  'edit.loading': '正在读取文件…',
  'edit.unavailable': '无法显示差异：{reason}',
  'edit.noChange': '文件不会改变。',
  'edit.diff': '对 {path} 的修改',
  'edit.hunk': '第 {oldStart}–{oldEnd} 行 → 第 {newStart}–{newEnd} 行',
  'edit.folded': { one: '⋯ {count} 行未改动', other: '⋯ {count} 行未改动' },
  'edit.asked': '调用要替换的内容（按它的原样）',

  'fetch.url': '网址',
  'fetch.domain': '域名',
  'fetch.prompt': '提示',

  'mcp.server': '服务器',
  'mcp.tool': '工具',
  'mcp.arguments': '参数',
  'mcp.empty': '无参数',

  'json.input': '工具输入',

  'acp.noCommand': '代理在编辑器的终端中运行此操作，但未说明命令。',
  'acp.moreDiffs': {
    one: '它还会修改另外 {count} 个文件：请查看原始调用。',
    other: '它还会修改另外 {count} 个文件：请查看原始调用。',
  },
  'acp.locations': '涉及的文件',
  'acp.raw': '代理发送的原始调用',

  'gate.scrollToEnd': '请先滚动到末尾，再允许。',
  'gate.moreLines': {
    one: '下方还有 {count} 行：请先滚动到末尾，再允许。',
    other: '下方还有 {count} 行：请先滚动到末尾，再允许。',
  },
  'gate.part': '第 {part} 段，共 {count} 段',
  'gate.unseenChangeParts': {
    one: '还有 {count} 段改动未看过：请逐段查看后再允许。',
    other: '还有 {count} 段改动未看过：请逐段查看后再允许。',
  },
  'gate.unseenParts': {
    one: '还有 {count} 段未看过：请逐段查看后再允许。',
    other: '还有 {count} 段未看过：请逐段查看后再允许。',
  },
  'gate.nextChange': '下一处改动',
  'gate.nextPart': '下一段',
};
