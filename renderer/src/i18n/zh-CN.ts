/** 简体中文目录。缺少的键回退到英文（见 translate.ts）。 */
import type { Catalogue } from './en';
import { classifierZhCN } from './classifier.zh-CN';
import { historyZhCN } from './history.zh-CN';
import { queueZhCN } from './queue.zh-CN';
import { refusalsZhCN } from './refusals.zh-CN';
import { rulesZhCN } from './rules.zh-CN';
import { settingsZhCN } from './settings.zh-CN';
import { suggestionsZhCN } from './suggestions.zh-CN';
import { toolCallZhCN } from './tool-call.zh-CN';

export const zhCN: Partial<Catalogue> = {
  'app.title': 'Gatehouse',
  'app.waiting': { one: '{count} 个待处理', other: '{count} 个待处理' },
  'app.waitingLabel': '待处理的请求',
  'app.connection.ipc': '已连接',
  'app.connection.ready': '已连接',
  'app.connection.connecting': '正在连接…',
  'app.connection.lost':
    '控制台已停止，所有请求都已交还给各自的代理：控制台再次运行时，此标签页会自动重新连接',
  'app.connection.forgotten':
    '此处运行的控制台不认识此标签页（它使用了另一个主目录，或恢复得太晚）：请在运行 gatehouse serve 的终端按回车获取新链接',
  'app.connection.unlinked':
    '此标签页需要新链接：控制台不在浏览器会写入磁盘的任何地方保留登录凭据，所以刷新后也需要新链接。请在运行 gatehouse serve 的终端按回车获取新链接',
  'app.connection.unauthorized': '此链接无法打开控制台：请在运行 gatehouse serve 的终端按回车获取新链接',
  'app.connection.used':
    '此链接已被使用，每个链接只能打开控制台一次：请在运行 gatehouse serve 的终端按回车获取新链接',
  'app.connection.expired':
    '此链接已过期（每个链接有效 {minutes} 分钟）：请在运行 gatehouse serve 的终端按回车获取新链接',
  'app.display': '显示',
  'app.theme': '主题',
  'app.theme.system': '系统主题',
  'app.theme.light': '浅色',
  'app.theme.dark': '深色',
  'app.language': '语言',
  'app.language.auto': '系统语言',
  'app.shortcuts': '键盘快捷键',
  'app.token': '桥接令牌',
  'app.token.keychain': '保存在系统钥匙串中',
  'app.token.file': '保存在仅你可读的文件中（钥匙串无响应）',
  'app.token.rotate': '轮换令牌…',
  'app.token.confirm': '立即轮换',
  'app.token.warning': '使用 GATEHOUSE_TOKEN 的代理将需要新令牌。',
  'app.token.rotated':
    '已轮换。已连接的代理保持连接；新连接从 bridge.json 读取新令牌，或需要新的 GATEHOUSE_TOKEN。',
  'app.grantsToggle': { one: '{count} 项授权', other: '{count} 项授权' },
  'app.dismiss': '关闭',
  'app.error': '控制台无法完成此操作：{message}',

  'grants.title': '授权',
  'grants.empty': '没有授权。在请求上选择“限时允许…”即可创建，结束前会显示在这里。',
  'grants.expires': '{time}后结束',
  'grants.session': '会话结束前有效',
  'grants.uses': { one: '已使用 {count} 次', other: '已使用 {count} 次' },
  'grants.meta': '{lasts} · {uses}',
  'grants.revoke': '撤销',
  'grants.revokeLabel': '撤销 {rule}',
  'grants.where': '{agent} · {folder}',

  'shortcuts.title': '键盘快捷键',
  'shortcuts.close': '关闭',
  'shortcuts.note':
    '快捷键作用于高亮的卡片，输入文字时不会触发。回车键永远不会允许。需要复核的请求没有一键允许：a 只会打开确认步骤。',
  'shortcuts.next': '下一个请求',
  'shortcuts.previous': '上一个请求',
  'shortcuts.allow': '允许一次',
  'shortcuts.grant': '限时允许…',
  'shortcuts.always': '始终允许…',
  'shortcuts.deny': '立即拒绝',
  'shortcuts.denyMessage': '拒绝并留言…',
  'shortcuts.edit': '编辑输入后允许',
  'shortcuts.select': '选择或取消选择',
  'shortcuts.nextPart': '长输入或差异的下一段',
  'shortcuts.help': '显示此列表',
  'shortcuts.escape': '关闭已打开的内容',

  'status.warnings': '控制台警告',

  'nav.label': '视图',
  'nav.queue': '队列',
  'nav.rules': '规则',
  'nav.history': '历史',
  'nav.suggestions': '建议',
  'nav.settings': '设置',

  ...queueZhCN,
  ...toolCallZhCN,
  ...rulesZhCN,
  ...historyZhCN,
  ...settingsZhCN,
  ...classifierZhCN,
  ...suggestionsZhCN,
  ...refusalsZhCN,
};
