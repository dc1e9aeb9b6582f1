/** 规则编辑器的中文文本。 */
import type { Catalogue } from './en';

export const rulesZhCN: Partial<Catalogue> = {
  'rules.title': '规则',
};
