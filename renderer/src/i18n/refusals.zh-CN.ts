/** 主进程的拒绝、控制台的警告和编辑没有预览的原因：每个代码一句（见 refusals.en.ts）。 */
import type { RefusalKey } from './refusals.en';

export const refusalsZhCN: Record<RefusalKey, string> = {
  'refused.unknown-request': '这个请求已不再等待：它已在别处得到回答或已撤回。',
  'refused.bad-option': '代理不能接受这个回答；请选择卡片上自己的按钮。',
  'refused.bad-arguments': '控制台拒绝了发送的内容：格式不符合要求。',
  'refused.unknown-channel': '控制台不认识这个操作；请重新加载页面，以使用控制台的当前版本。',
  'refused.internal': '控制台没能完成这个操作：{detail}',
  'refused.untrusted-sender': '这个窗口无权使用控制台。',
  'refused.grant-cannot-win': '{rule} 不会回答这个请求，所以什么也没有允许；规则下方的说明写了原因。',
  'refused.bad-rule': '规则 {rule} 不能使用：{detail}',
  'refused.folder-not-absolute':
    '文件夹“{folder}”不是绝对路径；请选择一个项目文件夹，例如 /home/you/project。',
  'refused.folder-missing': '文件夹 {folder} 不存在；请选择一个已有的项目文件夹。',
  'refused.folder-no-source': '文件夹 {folder} 没有 {source} 文件；请重新加载规则。',
  'refused.settings-folder-linked':
    '设置文件夹 {folder} 是一个符号链接；Gatehouse 只把项目规则写进项目里真实的文件夹，因为链接可能通向你自己的或别的项目的设置。',
  'refused.settings-file-outside':
    '设置文件 {file} 指向项目文件夹之外的 {target}；Gatehouse 不会通过它写入。',
  'refused.broken-file': '设置文件 {file} 现在无法使用；请手动修好它，Gatehouse 不会覆盖它。',
  'refused.bad-settings': '无法载入这个文件夹的规则：{detail}',
  'refused.rule-gone': '规则 {rule} 已不在 {file} 中：你读取之后，磁盘上的文件被改过了。',
  'refused.file-kept-changing': 'Gatehouse 保存时，设置文件 {file} 一直在变；请再试一次。',
  'refused.save-not-confirmed': '重新读取设置文件 {file} 时没有看到这项修改；它没有保存。',
  'refused.examples-unreadable': '无法读取示例文件 {file}；请修好它的权限，然后重启 Gatehouse。',
  'refused.examples-invalid': '示例文件 {file} 无效；请修好或删除它，然后重启 Gatehouse。',
  'refused.settings-not-saved': '无法写入 Gatehouse 的 settings.json；什么都没有改变。',
  'refused.no-history': '这个控制台不保存历史记录。',
  'refused.phone-busy': '另一个连接或断开操作先到了；请看上面的状态。',
  'refused.phone-token-refused': 'Telegram 拒绝了这个机器人令牌；请从 @BotFather 重新复制并完整粘贴。',
  'refused.phone-unreachable': '无法连接 Telegram 来检查机器人令牌；网络恢复后再试。',
  'refused.phone-not-connected': '请先连接机器人：在上面粘贴它的令牌。',
  'refused.phone-paired': '已经配对了一个聊天；配对另一个会替换它，请先确认。',
  'refused.phone-not-paired': '请先配对聊天，再发送测试消息。',
  'refused.phone-send': '测试消息无法发送；请查看上面的频道状态。',

  'warning.token-in-file': '没有钥匙串响应，所以桥接令牌保存在 {path}（只有你能读取）。',
  'warning.settings-unreadable': 'Gatehouse 无法读取 {path}（{detail}）；现在使用默认设置。',
  'warning.settings-not-json': '{path} 不是有效的 JSON（{detail}）；修好之前，Gatehouse 使用默认设置。',
  'warning.settings-invalid': '{path} 中的{key}有误（{detail}）；修好之前，Gatehouse 使用默认设置。',
  'warning.settings-invalid.top': '顶层',
  'warning.notify-send-missing': '通知已关闭：没有安装 notify-send（Debian/Ubuntu 的软件包 {package}）。',
  'warning.notify-send-old':
    '通知已关闭：notify-send {version} 早于 0.8，从 0.8 起通知上的按钮才会回报点击（请升级 {package}）。',
  'warning.notifications-unavailable': '通知已关闭：{detail}',
  'warning.notifications-unsupported': '通知已关闭：Gatehouse 在 {platform} 上没有通知。',
  'warning.notifications-failed': '通知已关闭，直到 Gatehouse 重启：{detail}',

  'edit.refused.not-a-regular-file':
    '无法显示差异：该路径不是普通文件（设备、管道或文件夹），控制台不会读取它。',
  'edit.refused.too-large': '无法显示差异：文件大小为 {size} MB，超过预览可读取的 {limit} MB。',
  'edit.refused.unreadable': '无法显示差异：控制台无法读取该文件（{code}）。',
  'edit.refused.acp-no-diff': '无法显示差异：代理的调用没有附带差异。',
  'edit.refused.no-file': '无法显示差异：这个 {tool} 调用没有指明文件。',
  'edit.refused.no-content': '无法显示差异：这个 {tool} 调用没有带新的内容。',
  'edit.refused.no-edit': '无法显示差异：这个 {tool} 调用没有 old_string 和 new_string。',
  'edit.refused.file-missing': '无法显示差异：文件不存在，所以这个 {tool} 会失败。',
  'edit.refused.text-not-found': '无法显示差异：要替换的文本不在文件中，所以这个 {tool} 会失败。',
  'edit.refused.diff-too-slow': '无法显示差异：改动太大，无法很快比较出来。',
};
