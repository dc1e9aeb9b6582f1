/** 设置视图的中文文本：手机通道（Telegram）。 */
import type { Catalogue } from './en';

export const settingsZhCN: Partial<Catalogue> = {
  'settings.title': '设置',

  'phone.title': '在手机上批准（Telegram）',
  'phone.intro':
    '在 Telegram 中用 @BotFather 创建一个机器人，把它的令牌粘贴到这里，再用一次性代码配对你的聊天。之后请求会带着“批准”和“拒绝”按钮发到手机上。',
  'phone.token': '机器人令牌',
  'phone.token.file': '令牌保存在仅你可读的文件中（钥匙串无响应）。',
  'phone.connect': '连接',
  'phone.disconnect': '断开并忘记机器人',
  'phone.pair.start': '配对聊天…',
  'phone.pair.again': '配对另一个聊天…',
  'phone.pair.send': '在 Telegram 中把这个代码发给你的机器人：',
  'phone.pair.waiting': '正在等待代码到达；代码只能用一次，十分钟内有效。',
  'phone.pair.cancel': '取消配对',
  'phone.pair.replacing': '在有聊天发来代码之前，请求仍发往 {chat}；发来代码的聊天将替换它。',
  'phone.pairingFailed.expired': '代码在到达机器人之前已过期；请显示一个新代码。',
  'phone.pairingFailed.too-many-guesses': '发给机器人的错误代码太多，此代码已作废；请显示一个新代码。',
  'phone.refused.bad-arguments': '这不是 @BotFather 给出的机器人令牌格式，例如 123456:ABC…',
  'phone.test': '发送测试消息',
  'phone.test.sent': '已发送：请在 Telegram 中查看。',
  'phone.state.off': '未连接。',
  'phone.state.unpaired': '已连接；尚未配对聊天。',
  'phone.state.paired': '已连接，已配对：{chat}。请求可以发到你的手机。',
  'phone.chat.named': '{name}（聊天 {id}）',
  'phone.chat.unnamed': '聊天 {id}',
  'phone.replace.question': '请求现在发往 {chat}。配对另一个聊天会替换它：之后只有新的聊天能收到并回答请求。',
  'phone.replace.confirm': '替换：显示代码',
  'phone.replace.keep': '保留这个聊天',
  'phone.down.retrying': '手机通道自 {time} 起中断，正在自动重试。',
  'phone.down.stopped': '手机通道自 {time} 起中断，不会自动重试。',
  // A full stop in Chinese carries its own spacing.
  'phone.down.banner': '{headline}{sentence}',
  'phone.down.network': '无法连接 Telegram；请求仍在控制台中等待，恢复后会发到手机。',
  'phone.down.rateLimited': {
    one: 'Telegram 要求 Gatehouse 放慢速度 {count} 秒；在此期间请求仍在控制台中等待。',
    other: 'Telegram 要求 Gatehouse 放慢速度 {count} 秒；在此期间请求仍在控制台中等待。',
  },
  'phone.down.rateLimitedWhile': 'Telegram 要求 Gatehouse 暂时放慢速度；在此期间请求仍在控制台中等待。',
  'phone.down.tokenRefused': 'Telegram 拒绝了机器人令牌；请在设置中粘贴从 @BotFather 获得的新令牌。',
  'phone.down.anotherReader':
    '另一个程序正在读取这个机器人的消息（两个控制台共用一个机器人？）；请先停止它，再重新连接。',
  'phone.send': '把请求发到手机',
  'phone.send.away': '仅在我离开时（下面的开关，或 {minutes} 分钟无输入）',
  'phone.send.always': '总是',
  'phone.away': '我不在电脑前',
  'phone.summaryOnly': '只发送工具和一行摘要',
  'phone.sees.full':
    'Telegram 的服务器能看到每个请求的全部内容：代理、项目文件夹、工具、命令或路径（过长的以文件发送）、询问的原因以及谁作了回答。绝不包括桥接令牌。',
  'phone.sees.summary':
    'Telegram 的服务器只能看到代理、项目文件夹、工具，以及命令所运行程序的名称：看不到命令文本、路径或其他输入。这样发送的请求无法在手机上批准：请打开控制台阅读并批准。',
  'export.title': '告诉你的组织是谁作的决定（OpenTelemetry）',
  'export.sentence':
    '开启后，Gatehouse 记录的每个决定都会离开本机，只发送到下面的收集器：会话、工具及其输入的一行摘要（最多 160 个字符，包括命令）、回答、由谁作出（控制台、通知、托盘、手机、授权、分类器、超时或终端）、你的用户名或配对的 Telegram 聊天、耗时以及写入的规则。关闭时不发送任何内容。',
  'export.on': '把 Gatehouse 的决定发送到收集器',
  'export.endpoint': '收集器的 OTLP/HTTP 日志地址',
  'export.header': '携带密钥的请求头（可选）',
  'export.secret': '它的值',
  'export.save': '保存',
  'export.saved': '已保存；从下一个决定起生效。',
  'export.secret.keep': '保存值',
  'export.secret.forget': '删除值',
  'export.secret.keychain': '值保存在钥匙串中，只在这个请求头中发送。',
  'export.secret.file': '值保存在仅你可读的文件中（钥匙串无响应）。',
  'export.secret.none': '没有保存值；不发送请求头。',
};
