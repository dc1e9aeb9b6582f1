/** 历史浏览器的中文文本。 */
import type { Catalogue } from './en';

export const historyZhCN: Partial<Catalogue> = {
  'history.title': '历史',
};
